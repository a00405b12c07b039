import Foundation
import MeetupRender
import MeetupSupport

/// Last night's `EventArtefactSet` in the cache (`render/events.bin`), so an unchanged
/// event's description is not parsed and its blocks not rendered again. A flat binary
/// file: the texts, then an index (each key and where its texts are), then a trailer that
/// says where the index is. Loading reads the index only; each text is read when a page asks
/// for it (`EventArtefacts`), so a night holds what it uses: read whole, W2's 66 MB file was
/// 68 MB of every night's memory peak. A damaged or foreign file reads as empty: every event
/// is then rendered, nothing lost.
///
///     "MRA5\n", the texts;
///     the index: per set, key length (UInt32), key, per text: offset (UInt64), length (UInt32);
///     the trailer: index offset (UInt64), index length (UInt64), count (UInt32), "MRA5".
///
/// A night that made a few sets appends their texts and a new index to the file
/// (`EventArtefactStore+Append`); one that would leave less than half of the file in use
/// writes it anew.
package struct EventArtefactStore: Sendable {
    package let file: URL
    static let magic = Array("MRA5\n".utf8)
    static let endMagic = Array("MRA5".utf8)
    static let trailerLength = 8 + 8 + 4 + 4
    static let fields = EventArtefacts.Field.allCases

    /// - Parameter folder: a language's folder of a site in several ("es/"): its events' blocks
    ///   say its words, kept apart from the other languages' (`events-es.bin`).
    package init(cacheDirectory: URL, folder: String = "") {
        let events = CacheFolder.renderedEvents(cacheDirectory)
        file =
            folder.isEmpty
            ? events
            : events.deletingLastPathComponent().appendingPathComponent("events-\(folder.dropLast()).bin")
    }

    /// - Parameter readingAhead: whether a thread has the kernel read the whole file ahead for
    ///   the render (not again for the file the night saved: read ahead already, or just written).
    package func load(readingAhead: Bool = true) -> EventArtefactSet {
        guard let opened = ReadOnlyFile(file), opened.size >= Self.magic.count + Self.trailerLength,
            opened.bytes(at: 0, length: Self.magic.count) == Self.magic,
            let trailer = opened.bytes(at: opened.size - Self.trailerLength, length: Self.trailerLength),
            trailer.suffix(Self.endMagic.count).elementsEqual(Self.endMagic)
        else { return EventArtefactSet() }
        var reader = BinaryReader(bytes: trailer[...])
        guard let indexOffset = reader.integer(8), let indexLength = reader.integer(8), let count = reader.integer(4),
            indexOffset >= Self.magic.count, indexOffset + indexLength == opened.size - Self.trailerLength,
            count <= indexLength / (4 + 12 * Self.fields.count),
            let index = opened.bytes(at: indexOffset, length: indexLength)
        else { return EventArtefactSet() }
        // The render asks for the set when its pages need the texts, and the files every event is
        // in (events.json, the calendars) need each event's, in their order, not the file's.
        if readingAhead { opened.readAheadInBackground() }
        reader = BinaryReader(bytes: index[...])
        var set = EventArtefactSet()
        set.byKey.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.string() else { return EventArtefactSet() }
            var places: EventArtefacts.Places = []
            for _ in Self.fields {
                guard let offset = reader.integer(8), let length = reader.integer(4), offset >= Self.magic.count,
                    offset <= indexOffset - length
                else { return EventArtefactSet() }
                places.append((offset, length))
            }
            guard let artefacts = EventArtefacts(source: opened, places: places) else { return EventArtefactSet() }
            set.byKey[key] = artefacts
        }
        return reader.atEnd ? set : EventArtefactSet()
    }

    /// Saves `set` and reads it back (its texts then read from the file when asked), for
    /// `SiteRenderer.render(keep:)`; nil when it cannot be saved.
    package func keep(_ set: EventArtefactSet) -> EventArtefactSet? {
        (try? save(set)).map { load(readingAhead: false) }
    }

    /// Appends what is new to the file when most of it stays in use, else replaces it
    /// atomically; a failure only costs the next night some rendering.
    /// - Parameter copying: copies a run of last night's texts into a new file, in the kernel
    ///   (tests pass one that copies less, as a file system without it does).
    package func save(
        _ set: EventArtefactSet,
        copying: (ReadOnlyFile, _ offset: Int, _ length: Int, _ output: Int32) -> Int = {
            $0.copy(at: $1, length: $2, to: $3)
        }
    ) throws {
        let entries = set.byKey.sorted { $0.key < $1.key }
        if try append(entries) { return }
        try rewrite(entries, copying: copying)
    }

    /// The file written anew, streamed through a 1 MB buffer: built whole (and copied into
    /// `Data`), the W2 set added about 180 MB to the render's peak. Texts read from last
    /// night's file are copied as bytes.
    private func rewrite(
        _ entries: [(key: String, value: EventArtefacts)],
        copying: (ReadOnlyFile, _ offset: Int, _ length: Int, _ output: Int32) -> Int
    ) throws {
        var offset = Self.magic.count
        let places = entries.map { _, artefacts in
            Self.fields.map { field in
                defer { offset += artefacts.length(field) }
                return (offset: offset, length: artefacts.length(field))
            }
        }
        try StreamedFile.write(file) { stream in
            stream.append { $0.raw(Self.magic) }
            let complete = Self.texts(of: entries) { bytes in
                stream.append { $0.raw(bytes) }
            } copy: { source, offset, length in
                // Only a file is copied by the kernel; any other source's texts are read and appended.
                guard let file = source as? ReadOnlyFile else { return 0 }
                stream.flush()
                return copying(file, offset, length, stream.descriptor)
            }
            stream.append { Self.writeIndex(of: entries, places: places, at: offset, into: &$0) }
            return complete
        }
    }

    /// The index of `entries` (their texts at `places`) and the trailer, the index at `offset`.
    static func writeIndex(
        of entries: [(key: String, value: EventArtefacts)], places: [EventArtefacts.Places], at offset: Int,
        into output: inout BinaryWriter
    ) {
        let start = output.bytes.count
        for ((key, _), places) in zip(entries, places) {
            output.integer(key.utf8.count, size: 4)
            output.raw(key.utf8)
            for place in places {
                output.integer(place.offset, size: 8)
                output.integer(place.length, size: 4)
            }
        }
        output.integer(offset, size: 8)
        output.integer(output.bytes.count - start - 8, size: 8)
        output.integer(entries.count, size: 4)
        output.raw(endMagic)
    }

    /// Every text of `entries` in order, handed to `append`, or for texts read from last night's
    /// file to `copy` (the bytes it copied; the rest are appended); false when one cannot be read
    /// back whole (it would shift every later one). Those are copied in runs: sorted by key there
    /// as here, an unchanged set follows the one before it. Read field by field, saving W2's
    /// 100 MB took 0.10 s of a night with one event changed; in runs of up to 1 MB read and
    /// written, 0.07 s (perf; the kernel's copying, in and out); copied by the kernel, file to file,
    /// 0.04 s (178 and 80 samples at 2 kHz).
    static func texts(
        of entries: [(key: String, value: EventArtefacts)], append: ([UInt8]) -> Void,
        copy: (any TextSource, Int, Int) -> Int
    ) -> Bool {
        var complete = true
        var run: (source: any TextSource, offset: Int, length: Int)?
        func copyRun() {
            guard let pending = run else { return }
            run = nil
            var done = copy(pending.source, pending.offset, pending.length)
            // What the kernel did not copy is read and appended, a megabyte at a time.
            while done < pending.length {
                let length = min(1 << 20, pending.length - done)
                guard let bytes = pending.source.bytes(at: pending.offset + done, length: length), bytes.count == length
                else { return complete = false }
                append(bytes)
                done += length
            }
        }
        for (_, artefacts) in entries {
            if let stored = artefacts.storedRun {
                if let pending = run, pending.source === stored.source,
                    pending.offset + pending.length == stored.offset, pending.length < 1 << 24
                {
                    run?.length += stored.length
                } else {
                    copyRun()
                    run = stored
                }
                continue
            }
            copyRun()
            for field in fields {
                guard let bytes = artefacts.bytes(field), bytes.count == artefacts.length(field) else {
                    complete = false
                    break
                }
                append(bytes)
            }
        }
        copyRun()
        return complete
    }
}
