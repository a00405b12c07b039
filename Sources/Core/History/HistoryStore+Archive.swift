import Foundation
import GRDB
import MeetupModel
import MeetupSupport

/// The community's record (migration v6): every event the tool has seen or backfilled, kept
/// after it has taken place and never pruned by the retention, and the groups by Meetup's id.
extension HistoryStore {
    static func registerArchiveMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6: the archive") { db in
            try db.create(table: "archiveEvent") { table in
                table.primaryKey("id", .text)
                table.column("title", .text).notNull()
                table.column("start", .double).notNull().indexed()
                table.column("utcOffset", .integer).notNull()
                table.column("end", .double)
                table.column("groupKey", .text).indexed()
                table.column("groupId", .text)
                table.column("groupUrlname", .text)
                table.column("groupName", .text)
                table.column("networkEventId", .text)
                table.column("online", .boolean).notNull()
                table.column("city", .text)
                table.column("country", .text)
                table.column("going", .integer)
                table.column("url", .text)
                table.column("photo", .text)
                table.column("cancelled", .boolean).notNull().defaults(to: false)
                table.column("queryIds", .text).notNull()
                table.column("lastSeen", .double).notNull()
            }
            try db.create(table: "archiveGroup") { table in
                table.primaryKey("key", .text)
                table.column("urlname", .text).notNull()
                table.column("name", .text).notNull()
                table.column("city", .text)
                table.column("country", .text)
                table.column("formerUrlnames", .text).notNull()
                table.column("firstSeen", .double).notNull()
                table.column("lastSeen", .double).notNull()
                table.column("goneSince", .double)
            }
            // Where each backfill stands, so one cut short continues without asking twice.
            try db.create(table: "backfill") { table in
                table.primaryKey("scope", .text)
                table.column("since", .double).notNull()
                table.column("cursor", .text)
                table.column("done", .boolean).notNull()
                table.column("requests", .integer).notNull()
                table.column("events", .integer).notNull()
                table.column("updatedAt", .double).notNull()
            }
        }
    }

    /// Keeps these events (tonight's, or a backfill's) in the record: what is known now
    /// replaces what was known, an event never leaves it. Events cancelled before they began
    /// (`cancelledIDs`) are marked so.
    package func archive(_ events: [ArchivedEvent], cancelledIDs: Set<String> = [], now: Date) throws(HistoryError) {
        do {
            try database.write { db in
                try Self.writeArchive(db, events, now: now)
                try Self.markCancelled(db, cancelledIDs)
            }
        } catch {
            throw HistoryError(description: "cannot keep events in the archive \(path.path) (\(error))")
        }
    }

    /// Events that vanished before they began, marked cancelled.
    static func markCancelled(_ db: Database, _ ids: Set<String>) throws {
        let cancel = try db.cachedStatement(sql: "UPDATE archiveEvent SET cancelled = 1 WHERE id = ?")
        for id in ids { try cancel.execute(arguments: [id]) }
    }

    static func writeArchive(_ db: Database, _ events: [ArchivedEvent], now: Date) throws {
        try writeArchiveEvents(db, events, now: now)
        try writeArchiveGroups(db, of: events, now: now)
    }

    /// Each event upserted: what is known now replaces what was known (a going count or a
    /// photo tonight does not have is kept; the queries that listed it are added up).
    static func writeArchiveEvents(_ db: Database, _ events: [ArchivedEvent], now: Date) throws {
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO archiveEvent (id, title, start, utcOffset, end, groupKey, groupId, groupUrlname,
                  groupName, networkEventId, online, city, country, going, url, photo, cancelled, queryIds, lastSeen,
                  hybrid, lat, lon)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET title = excluded.title, start = excluded.start,
                  utcOffset = excluded.utcOffset, end = excluded.end, groupKey = excluded.groupKey,
                  groupId = excluded.groupId, groupUrlname = excluded.groupUrlname, groupName = excluded.groupName,
                  networkEventId = excluded.networkEventId, online = excluded.online, hybrid = excluded.hybrid,
                  city = excluded.city,
                  country = excluded.country, going = coalesce(excluded.going, archiveEvent.going),
                  url = excluded.url, photo = coalesce(excluded.photo, archiveEvent.photo),
                  cancelled = excluded.cancelled, lastSeen = excluded.lastSeen,
                  lat = coalesce(excluded.lat, archiveEvent.lat), lon = coalesce(excluded.lon, archiveEvent.lon),
                  queryIds = (SELECT json_group_array(value) FROM (SELECT value FROM json_each(archiveEvent.queryIds)
                    UNION SELECT value FROM json_each(excluded.queryIds)))
                """)
        for event in events {
            let queries = JSONValue.array(event.queryIDs.sorted().map(JSONValue.string)).compactJSON
            try upsert.execute(arguments: [
                event.id, event.title, event.start.date.timeIntervalSince1970, event.start.utcOffsetSeconds,
                event.end?.timeIntervalSince1970, event.group?.key, event.group?.id, event.group?.urlname,
                event.group?.name, event.networkEventID, event.isOnline, event.city, event.country, event.going,
                event.url?.absoluteString, event.photoURL?.absoluteString, event.isCancelled, queries,
                now.timeIntervalSince1970, event.isHybrid, event.latitude, event.longitude,
            ])
        }
    }

    /// Each group as its latest event has it, written when that differs from the last write:
    /// writing it once per event (a select and an update compiled each time) was most of a
    /// W2 night's record step (1.1 s for 10,000 events of 400 groups).
    ///
    /// A group the record holds as tonight has it is only seen tonight: all of those at once, in
    /// one statement. A select and an update for each of W2's 400 groups, every night, was 40 ms
    /// of its next night (perf).
    static func writeArchiveGroups(_ db: Database, of events: [ArchivedEvent], now: Date) throws {
        var lastWritten: [String: [String?]] = [:]
        var known: [String: ArchivedGroup] = [:]
        for group in try archivedGroups(db) { known[group.key] = group }
        var seen: [String] = []
        for event in events {
            guard let group = event.group, let key = group.key else { continue }
            let written = [group.urlname, group.name, event.city, event.country]
            guard lastWritten[key] != written else { continue }
            lastWritten[key] = written
            if let kept = known[key], holds(kept, group, city: event.city, country: event.country) {
                seen.append(key)
            } else {
                try writeGroup(db, group, city: event.city, country: event.country, now: now)
                // Its row is tonight's now: its later events are written as they come, as before.
                known[key] = nil
            }
        }
        guard !seen.isEmpty else { return }
        try db.execute(
            sql: "UPDATE archiveGroup SET lastSeen = max(lastSeen, ?) WHERE key IN (SELECT value FROM json_each(?))",
            arguments: [now.timeIntervalSince1970, JSONValue.array(seen.map(JSONValue.string)).compactJSON])
    }

    /// Whether writing `group` (with tonight's city and country) would leave `kept` as it is but
    /// for its `lastSeen`: the same urlname and name, and a city and country tonight either
    /// says as kept or does not say (`writeGroup` keeps what it does not say).
    private static func holds(_ kept: ArchivedGroup, _ group: ArchivedGroupRef, city: String?, country: String?)
        -> Bool
    {
        guard let urlname = group.urlname else { return false }
        return kept.urlname == urlname && kept.name == group.name && (city == nil || city == kept.city)
            && (country == nil || country == kept.country)
    }

    /// The group under its lasting key; a new urlname for a known id keeps the old one as a former name.
    static func writeGroup(
        _ db: Database, _ group: ArchivedGroupRef, city: String?, country: String?, now: Date
    )
        throws
    {
        guard let key = group.key, let urlname = group.urlname else { return }
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM archiveGroup WHERE key = ?"), arguments: [key])
        {
            var former = Self.strings(row["formerUrlnames"])
            let known: String = row["urlname"]
            if known.lowercased() != urlname.lowercased(), !former.contains(known) { former.append(known) }
            try db.cachedStatement(
                sql: """
                    UPDATE archiveGroup SET urlname = ?, name = ?, city = coalesce(?, city),
                      country = coalesce(?, country), formerUrlnames = ?, lastSeen = max(lastSeen, ?) WHERE key = ?
                    """
            ).execute(
                arguments: [
                    urlname, group.name, city, country, JSONValue.array(former.map(JSONValue.string)).compactJSON,
                    now.timeIntervalSince1970, key,
                ])
        } else {
            try db.execute(
                sql: """
                    INSERT INTO archiveGroup (key, urlname, name, city, country, formerUrlnames, firstSeen, lastSeen)
                    VALUES (?, ?, ?, ?, ?, '[]', ?, ?)
                    """,
                arguments: [
                    key, urlname, group.name, city, country, now.timeIntervalSince1970, now.timeIntervalSince1970,
                ])
        }
    }

    /// Groups a query follows that Meetup no longer knows by their urlname tonight (deleted,
    /// or renamed): marked gone since tonight, unless already; a group seen again is not gone.
    package func markGone(urlnames: Set<String>, seen: Set<String>, now: Date) throws(HistoryError) {
        do {
            try database.write { db in
                for urlname in urlnames {
                    try db.execute(
                        sql: "UPDATE archiveGroup SET goneSince = coalesce(goneSince, ?) WHERE lower(urlname) = ?",
                        arguments: [now.timeIntervalSince1970, urlname.lowercased()])
                }
                for urlname in seen {
                    try db.execute(
                        sql: "UPDATE archiveGroup SET goneSince = NULL WHERE lower(urlname) = ?",
                        arguments: [urlname.lowercased()])
                }
            }
        } catch {
            throw HistoryError(description: "cannot mark groups in the archive \(path.path) (\(error))")
        }
    }

    /// The whole record: every archived event and group.
    package func record() throws(HistoryError) -> (events: [ArchivedEvent], groups: [ArchivedGroup]) {
        do {
            return try database.read { db in (try Self.archivedEvents(db), try Self.archivedGroups(db)) }
        } catch {
            throw HistoryError(
                description: "cannot read the archive in \(path.path) (\(error)); its pages are left out")
        }
    }

    /// Every archived event, in start order (then by id). Through a cursor: each row decoded
    /// from SQLite's own columns as it is stepped to, not copied into a row of values first
    /// (`Row.fetchAll`), which was 56 ms of W2's next night for its 10,000 (perf, 2 kHz).
    static func archivedEvents(_ db: Database) throws -> [ArchivedEvent] {
        var events: [ArchivedEvent] = []
        var shared = SharedValues()
        let rows = try Row.fetchCursor(db, sql: "SELECT \(archivedEventColumns) FROM archiveEvent ORDER BY start, id")
        while let row = try rows.next() { events.append(archivedEvent(row, shared: &shared)) }
        return events
    }

    /// Every group of the record, by urlname; columns by index (`archivedGroupColumns`).
    static func archivedGroups(_ db: Database) throws -> [ArchivedGroup] {
        var groups: [ArchivedGroup] = []
        let rows = try Row.fetchCursor(
            db, sql: "SELECT \(archivedGroupColumns) FROM archiveGroup ORDER BY urlname")
        while let row = try rows.next() { groups.append(group(row)) }
        return groups
    }

    /// The columns `archivedEvent(_:)` reads, in its order: by index, not by name (a name is
    /// looked up without regard to case for every column of every row: a third of reading W2's
    /// record every night, perf).
    static let archivedEventColumns =
        "id, title, start, utcOffset, end, groupId, groupUrlname, groupName, networkEventId, online, city, country, "
        + "going, url, photo, cancelled, queryIds, hybrid, lat, lon"

    static func archivedEvent(_ row: Row) -> ArchivedEvent {
        var shared = SharedValues()
        return archivedEvent(row, shared: &shared)
    }

    static func archivedEvent(_ row: Row, shared: inout SharedValues) -> ArchivedEvent {
        let groupName: String? = row[7]
        return ArchivedEvent(
            id: row[0], title: row[1],
            start: ZonedDate(date: Date(timeIntervalSince1970: row[2]), utcOffsetSeconds: row[3]),
            end: (row[4] as Double?).map(Date.init(timeIntervalSince1970:)),
            group: groupName.map { ArchivedGroupRef(id: row[5], urlname: row[6], name: $0) },
            networkEventID: row[8], isOnline: row[9], isHybrid: row[17], city: row[10], country: row[11],
            going: row[12],
            url: (row[13] as String?).flatMap(URL.init(string:)),
            photoURL: shared.photo(row[14]), isCancelled: row[15], queryIDs: shared.queryIDs(row[16]),
            latitude: row[18], longitude: row[19])
    }

    /// The columns `group(_:)` reads, in its order: by index, as `archivedEventColumns`.
    static let archivedGroupColumns =
        "key, urlname, name, city, country, formerUrlnames, firstSeen, lastSeen, goneSince"

    private static func group(_ row: Row) -> ArchivedGroup {
        ArchivedGroup(
            key: row[0], urlname: row[1], name: row[2], city: row[3], country: row[4],
            formerUrlnames: strings(row[5]), firstSeen: Date(timeIntervalSince1970: row[6]),
            lastSeen: Date(timeIntervalSince1970: row[7]),
            goneSince: (row[8] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    static func strings(_ text: String?) -> [String] {
        guard let text, let value = try? JSONValue.parse(Data(text.utf8)) else { return [] }
        return value.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

extension HistoryStore {
    /// A consistent copy of the whole database (SQLite's online backup: safe while a run
    /// writes), written beside `file` and moved into place.
    package func backup(to file: URL) throws(HistoryError) {
        let temporary = FileOperations.temporarySibling(of: file)
        do {
            try FileOperations.createDirectory(file.deletingLastPathComponent())
            let copy = try DatabaseQueue(path: temporary.path)
            try database.backup(to: copy)
            try copy.close()
            try FileOperations.replace(file, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw HistoryError(description: "cannot back up \(path.path) to \(file.path) (\(error))")
        }
    }
}
