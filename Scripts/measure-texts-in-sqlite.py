#!/usr/bin/env python3
"""What keeping the render's event texts in SQLite instead of `render/events.bin` (MRA5) would
cost: reads a night's events.bin, writes its texts into a fresh SQLite database (one row per
event and field, as the build cache would hold them: one transaction, synchronous off), then
reads every text back by key in the render's order of need (each event's seven, in the index's
order), and prints the times beside those of writing and reading the same bytes as a flat file.

    Scripts/measure-texts-in-sqlite.py <cache>/render/events.bin

Issue 64 named it the first candidate to measure; BENCHMARKS.md's ledger has the figures.
"""
import os, sqlite3, struct, sys, tempfile, time

FIELDS = 7  # EventArtefacts.Field: plain, rich, calendarText, blockQuery, blockAll, calendarEntry, eventsItem


def read_index(data):
    assert data[:5] == b"MRA5\n" and data[-4:] == b"MRA5", "not an MRA5 file"
    index_offset, index_length, count = struct.unpack_from("<QQI", data, len(data) - 24)
    entries, at = [], index_offset
    for _ in range(count):
        (length,) = struct.unpack_from("<I", data, at)
        key = data[at + 4 : at + 4 + length].decode()
        at += 4 + length
        places = []
        for _ in range(FIELDS):
            offset, size = struct.unpack_from("<QI", data, at)
            places.append((offset, size))
            at += 12
        entries.append((key, places))
    return entries


def main(path):
    data = open(path, "rb").read()
    entries = read_index(data)
    texts = sum(size for _, places in entries for _, size in places)
    folder = tempfile.mkdtemp()
    database = os.path.join(folder, "texts.sqlite")
    rows = [(key, field, data[o : o + s]) for key, places in entries for field, (o, s) in enumerate(places)]

    started = time.perf_counter()
    db = sqlite3.connect(database)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("CREATE TABLE event_text (key TEXT NOT NULL, field INTEGER NOT NULL, text BLOB NOT NULL, "
               "PRIMARY KEY (key, field))")  # a rowid table: WITHOUT ROWID stores large rows badly (3x the bytes)
    with db:
        db.executemany("INSERT INTO event_text VALUES (?, ?, ?)", rows)
    db.close()
    write_sqlite = time.perf_counter() - started

    started = time.perf_counter()
    flat = os.path.join(folder, "texts.bin")
    with open(flat, "wb") as out:
        for _, _, text in rows:
            out.write(text)
    write_flat = time.perf_counter() - started

    os.system("sync")
    started = time.perf_counter()
    db = sqlite3.connect(database)
    read = 0
    for key, _ in entries:
        for (text,) in db.execute("SELECT text FROM event_text WHERE key = ? ORDER BY field", (key,)):
            read += len(text)
    db.close()
    read_sqlite = time.perf_counter() - started
    assert read == texts

    print(f"{len(entries)} events, {len(rows)} texts, {texts / 1e6:.1f} MB; file {len(data) / 1e6:.1f} MB, "
          f"database {os.path.getsize(database) / 1e6:.1f} MB")
    print(f"write: SQLite {write_sqlite:.3f} s, a flat file {write_flat:.3f} s")
    print(f"read every text by key: SQLite {read_sqlite:.3f} s (Python's loop included)")
    for name in os.listdir(folder):
        os.unlink(os.path.join(folder, name))
    os.rmdir(folder)


if __name__ == "__main__":
    main(sys.argv[1])
