import Foundation
import GRDB
import MeetupConfig
import MeetupModel
import MeetupSupport

/// Why the history cannot be used this run. The run continues without it.
package struct HistoryError: Error, Sendable, CustomStringConvertible {
    package let description: String
}

/// The run history in SQLite (`history.sqlite` in the state folder): per run its
/// time and per query its count and status; per event when it was first and last
/// seen and its last known title, time and place; and the changes noticed.
/// Schema changes go through versioned migrations.
///
/// A pool of connections in SQLite's write-ahead mode: a read (the night's report) runs beside
/// a write (tonight's events kept in the record) instead of after it (W2's next night: 0.15 and
/// 0.11 s, one after the other, on one core).
package final class HistoryStore: Sendable {
    package let path: URL
    let database: DatabasePool

    package static func defaultPath(stateDirectory: URL) -> URL {
        StateFolder.history(stateDirectory)
    }

    /// Opens (creating if needed) and migrates the database. A file that is not a
    /// database, or a newer schema than this program knows, is reported, not repaired.
    package init(path: URL) throws(HistoryError) {
        self.path = path
        do {
            try FileOperations.createDirectory(path.deletingLastPathComponent())
            database = try DatabasePool(path: path.path)
            try Self.migrator.migrate(database)
        } catch {
            throw HistoryError(
                description: "history database \(path.path) is unreadable (\(error)); "
                    + "the run continues without history (--reset-history starts it over)")
        }
    }

    /// Deletes the database (`--reset-history`).
    package static func reset(at path: URL) { FileOperations.removeDatabase(path) }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: runs, events, changes") { db in
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.create(table: "run") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("at", .double).notNull().indexed()
                table.column("published", .boolean).notNull()
            }
            try db.create(table: "runQuery") { table in
                table.column("runId", .integer).notNull().references("run", onDelete: .cascade)
                table.column("queryId", .text).notNull()
                table.column("eventCount", .integer).notNull()
                table.column("status", .text).notNull()
                table.primaryKey(["runId", "queryId"])
            }
            try db.create(table: "event") { table in
                table.primaryKey("id", .text)
                table.column("firstSeen", .double).notNull()
                table.column("lastSeen", .double).notNull().indexed()
                table.column("title", .text).notNull()
                table.column("start", .double).notNull()
                table.column("utcOffset", .integer).notNull()
                table.column("venue", .text).notNull()
                table.column("url", .text)
            }
            try db.create(table: "eventQuery") { table in
                table.column("eventId", .text).notNull().references("event", onDelete: .cascade)
                table.column("queryId", .text).notNull()
                table.column("lastSeenRunId", .integer).notNull()
                table.primaryKey(["eventId", "queryId"])
            }
            try db.create(table: "change") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("at", .double).notNull().indexed()
                table.column("kind", .text).notNull()
                table.column("eventId", .text).notNull()
                table.column("title", .text).notNull()
                table.column("oldStart", .double).notNull()
                table.column("oldOffset", .integer).notNull()
                table.column("newStart", .double)
                table.column("newOffset", .integer)
                table.column("oldVenue", .text).notNull()
                table.column("newVenue", .text)
                table.column("url", .text)
                table.column("queryIds", .text).notNull()
            }
        }
        migrator.registerMigration("v2: places as data") { db in
            // Where an event is, as data (`EventPlace`); the v1 text columns are kept
            // for rows written before, and read only when these are empty.
            try db.alter(table: "event") { $0.add(column: "place", .text) }
            try db.alter(table: "change") { table in
                table.add(column: "oldPlace", .text)
                table.add(column: "newPlace", .text)
            }
        }
        registerGroupsMigration(&migrator)
        registerAliasMigration(&migrator)
        registerArchiveMigration(&migrator)
        registerChangeMigration(&migrator)
        return migrator
    }

    /// The database file's size in bytes (for the simulated-year benchmark).
    package var fileSize: Int { FileOperations.fileSize(path) ?? 0 }

    // MARK: Reading: what this run's pages show

    /// Compares this run's events with the last published run. Reads only.
    package func report(for fetched: FetchedEvents, now: Date, settings: HistorySettings) throws(HistoryError)
        -> HistoryReport
    {
        do {
            return try database.read { db in try Self.report(db, fetched: fetched, now: now, settings: settings) }
        } catch {
            throw HistoryError(description: "cannot read the history in \(path.path) (\(error)); the pages show none")
        }
    }

    static func report(_ db: Database, fetched: FetchedEvents, now: Date, settings: HistorySettings) throws
        -> HistoryReport
    {
        var report = HistoryReport()
        let previousRun = try Row.fetchOne(
            db, sql: "SELECT id, at FROM run WHERE published ORDER BY at DESC, id DESC LIMIT 1")
        report.isFirstRun = previousRun == nil
        // A run before this moment: an event first seen at this moment is new, also when a re-run
        // with the same --now finds it already kept (it lost its mark on every such re-run).
        let hadEarlierRun =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM run WHERE published AND at < ?)",
                arguments: [now.timeIntervalSince1970]) ?? false
        // Columns by index (`KnownEvent`): by name, each is looked up without regard to case.
        var known: [String: Row] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT id, firstSeen, start, utcOffset, place, venue, title, url FROM event")
        {
            known[row[KnownEvent.id]] = row
        }

        var noticed: [HistoryChange] = []
        for event in fetched.distinctEvents {
            // Kept under its lasting id, or (a history from before tokens) under its Meetup id.
            guard let row = event.identifiers.lazy.compactMap({ known[$0] }).first else {
                report.firstSeen[event.id] = now
                if previousRun != nil { report.newEventIDs.insert(event.id) }
                continue
            }
            let firstSeen: Double = row[KnownEvent.firstSeen]
            report.firstSeen[event.id] = Date(timeIntervalSince1970: firstSeen)
            if hadEarlierRun, firstSeen == now.timeIntervalSince1970 { report.newEventIDs.insert(event.id) }
            let place = EventPlace(of: event)
            let placeText = place.jsonValue.compactJSON
            if let moved = movedChange(of: event, place: (place, placeText), known: row, fetched: fetched, now: now) {
                noticed.append(moved)
            } else if rowSays(row, event, placeText: placeText) {
                report.unchangedRows.insert(event.id)
            }
        }
        if previousRun != nil { noticed += try removedChanges(db, fetched: fetched, now: now) }

        let earlier = try changes(db, since: now, settings: settings, current: fetched)
        report.changes =
            noticed + earlier.filter { old in !noticed.contains { $0.eventID == old.eventID && $0.kind == old.kind } }

        // Counts: the last runs before this moment, oldest first, then this run. One point per
        // moment: a re-run with the same --now stands in for the earlier run, not beside it (each
        // re-run moved every chart along by a point, and rewrote them all).
        let runs = try Row.fetchAll(
            db, sql: "SELECT MAX(id) AS id FROM run WHERE at < ? GROUP BY at ORDER BY at DESC LIMIT ?",
            arguments: [now.timeIntervalSince1970, max(0, settings.chartRuns - 1)]
        ).map { $0["id"] as Int64 }.reversed()
        report.counts = try counts(db, runs: Array(runs), fetched: fetched, appendingCurrent: true)
        return report
    }

    /// Removed: listed by a query the last time that query succeeded in a published
    /// run (not simply the last run: a query that failed in between kept no list),
    /// not listed now by that query (which succeeded), and not simply over.
    private static func removedChanges(_ db: Database, fetched: FetchedEvents, now: Date) throws -> [HistoryChange] {
        var removed: [String: [String]] = [:]
        let listedUnderAnotherName = Set(fetched.distinctEvents.flatMap { $0.identifiers.dropFirst() })
        // The ids only: every event each query listed last time, every night (W2: 30,000); the
        // few removed are then read whole. Reading every row whole was 6 ms of W1's next night.
        let listed = try db.cachedStatement(
            sql: """
                SELECT eventQuery.eventId FROM eventQuery JOIN event ON event.id = eventQuery.eventId
                WHERE eventQuery.queryId = ? AND event.start >= ?
                """)
        for entry in fetched.outcomes {
            guard case .succeeded(let events) = entry.outcome else { continue }
            let current = Set(events.flatMap(\.identifiers))
            for id in try String.fetchAll(listed, arguments: [entry.query.id, now.timeIntervalSince1970]) {
                guard !current.contains(id), fetched.queriesByEvent[id] == nil, !listedUnderAnotherName.contains(id)
                else { continue }
                removed[id, default: []].append(entry.query.id)
            }
        }
        let read = try db.cachedStatement(sql: "SELECT * FROM event WHERE id = ?")
        return try removed.sorted { $0.key < $1.key }.compactMap { id, queries in
            guard let row = try Row.fetchOne(read, arguments: [id]) else { return nil }
            return HistoryChange(
                kind: .removed, eventID: id, title: row["title"], noticedAt: now,
                oldStart: ZonedDate(
                    date: Date(timeIntervalSince1970: row["start"]), utcOffsetSeconds: row["utcOffset"]),
                newStart: nil,
                oldPlace: EventPlace(jsonText: row["place"]) ?? EventPlace(displayedText: row["venue"] ?? ""),
                newPlace: nil, url: (row["url"] as String?).flatMap(URL.init(string:)), queryIDs: queries)
        }
    }

    /// Changes recorded in the last `changeDays` before `now`, newest run first and in
    /// the order each run noticed them. A removal is dropped once its event is listed
    /// again: the pages show the current state, not an event both upcoming and removed.
    static func changes(_ db: Database, since now: Date, settings: HistorySettings, current: FetchedEvents) throws
        -> [HistoryChange]
    {
        let since = now.addingTimeInterval(-Double(settings.changeDays) * 86_400).timeIntervalSince1970
        let listed = current.queriesByEvent
        return try Row.fetchAll(
            db, sql: "SELECT * FROM change WHERE at >= ? ORDER BY at DESC, id ASC", arguments: [since]
        )
        .map(Self.change)
        .filter { $0.kind != .removed || listed[$0.eventID] == nil }
    }

    /// Per query, its event count in each of `runs` (oldest first), then this run's when asked.
    static func counts(_ db: Database, runs: [Int64], fetched: FetchedEvents, appendingCurrent: Bool) throws -> [String:
        [Int]]
    {
        var countsByRun: [Int64: [String: Int]] = [:]
        if let oldest = runs.first {
            for row in try Row.fetchAll(
                db, sql: "SELECT runId, queryId, eventCount FROM runQuery WHERE runId >= ?", arguments: [oldest])
            {
                countsByRun[row["runId"], default: [:]][row["queryId"]] = row["eventCount"]
            }
        }
        var counts: [String: [Int]] = [:]
        for entry in fetched.outcomes {
            let past = runs.compactMap { countsByRun[$0]?[entry.query.id] }
            counts[entry.query.id] = appendingCurrent ? past + [entry.outcome.events.count] : past
        }
        return counts
    }

    static func change(_ row: Row) -> HistoryChange {
        let newStart: Double? = row["newStart"]
        let newOffset: Int? = row["newOffset"]
        return HistoryChange(
            kind: HistoryChange.Kind(rawValue: row["kind"]) ?? .moved, eventID: row["eventId"], title: row["title"],
            noticedAt: Date(timeIntervalSince1970: row["at"]),
            oldStart: ZonedDate(date: Date(timeIntervalSince1970: row["oldStart"]), utcOffsetSeconds: row["oldOffset"]),
            newStart: newStart.map {
                ZonedDate(date: Date(timeIntervalSince1970: $0), utcOffsetSeconds: newOffset ?? 0)
            },
            oldPlace: EventPlace(jsonText: row["oldPlace"]) ?? EventPlace(displayedText: row["oldVenue"] ?? ""),
            newPlace: EventPlace(jsonText: row["newPlace"])
                ?? (row["newVenue"] as String?).map(EventPlace.init(displayedText:)),
            url: (row["url"] as String?).flatMap(URL.init(string:)),
            queryIDs: (row["queryIds"] as String).split(separator: ",").map(String.init))
    }
}
