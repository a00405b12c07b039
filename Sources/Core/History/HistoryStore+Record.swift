import Foundation
import GRDB
import MeetupConfig
import MeetupModel

extension HistoryStore {
    /// Records this run after it published (or failed to): the run, each query's
    /// count and status, the events of queries that succeeded, the changes the
    /// report noticed; then prunes what is older than the retention. One transaction.
    package func record(
        _ fetched: FetchedEvents, report: HistoryReport, now: Date, published: Bool,
        settings: HistorySettings
    ) throws(HistoryError) {
        do {
            try database.write { db in
                try db.execute(
                    sql: "INSERT INTO run (at, published) VALUES (?, ?)",
                    arguments: [now.timeIntervalSince1970, published])
                let runID = db.lastInsertedRowID
                for entry in fetched.outcomes {
                    let status =
                        switch entry.outcome {
                        case .succeeded: "ok"
                        case .stale: "stale"
                        case .failed: "failed"
                        }
                    try db.execute(
                        sql: "INSERT INTO runQuery (runId, queryId, eventCount, status) VALUES (?, ?, ?, ?)",
                        arguments: [runID, entry.query.id, entry.outcome.events.count, status])
                }
                // What Meetup said of the groups is a fact of tonight, kept whether or not the site went out.
                try Self.writeGroups(db, fetched.groups, now: now)
                guard published else { return }
                try Self.adoptTokens(db, events: fetched.distinctEvents)
                try Self.writeJudgement(
                    db, queryIDs: fetched.outcomes.map(\.query).filter(\.followsGroups).map(\.id), now: now)
                try Self.writeEvents(db, fetched: fetched, report: report, runID: runID, now: now)
                try Self.writeChanges(db, report: report, now: now)
                let cutoff = now.addingTimeInterval(-Double(settings.retentionDays) * 86_400).timeIntervalSince1970
                try db.execute(sql: "DELETE FROM run WHERE at < ?", arguments: [cutoff])
                // A query no run within the retention asked (gone from the config) lists nothing.
                try db.execute(sql: "DELETE FROM eventQuery WHERE queryId NOT IN (SELECT queryId FROM runQuery)")
                try db.execute(
                    sql: "DELETE FROM event WHERE lastSeen < ? AND id NOT IN (SELECT eventId FROM eventQuery)",
                    arguments: [cutoff])
                // An event's former names go with it: the aliases never outgrow the retention.
                try db.execute(sql: "DELETE FROM eventAlias WHERE eventId NOT IN (SELECT id FROM event)")
                try db.execute(sql: "DELETE FROM change WHERE at < ?", arguments: [cutoff])
            }
            try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA incremental_vacuum") }
        } catch {
            throw HistoryError(
                description: "cannot record this run in \(path.path) (\(error)); the site was not affected")
        }
    }

    /// Each event of a query that succeeded, once, and which queries listed it in this run.
    private static func writeEvents(
        _ db: Database, fetched: FetchedEvents, report: HistoryReport, runID: Int64, now: Date
    ) throws {
        // Statements compiled once: a large run writes tens of thousands of rows. A row is written
        // only when what it says changed (`WHERE`): an event still listed is seen (its `lastSeen`
        // is set when it leaves every list, `writeMemberships`), so a night on which nothing
        // changed writes none. Writing every event's `lastSeen` and every membership's run, every
        // night, was W2's record step (0.42 s, 10,000 events and 30,000 memberships).
        let upsertEvent = try db.cachedStatement(
            sql: """
                INSERT INTO event (id, firstSeen, lastSeen, title, start, utcOffset, venue, place, url)
                VALUES (?, ?, ?, ?, ?, ?, '', ?, ?)
                ON CONFLICT(id) DO UPDATE SET lastSeen = excluded.lastSeen, title = excluded.title,
                  start = excluded.start, utcOffset = excluded.utcOffset, venue = '', place = excluded.place, url = excluded.url
                WHERE title IS NOT excluded.title OR start IS NOT excluded.start OR utcOffset IS NOT excluded.utcOffset
                  OR venue <> '' OR place IS NOT excluded.place OR url IS NOT excluded.url
                """)
        var written = Set<String>()
        for entry in fetched.outcomes {
            guard case .succeeded(let events) = entry.outcome else { continue }
            for event in events where written.insert(event.id).inserted && !report.unchangedRows.contains(event.id) {
                try upsertEvent.execute(arguments: [
                    event.id, (report.firstSeen[event.id] ?? now).timeIntervalSince1970,
                    now.timeIntervalSince1970, event.title, event.start.date.timeIntervalSince1970,
                    event.start.utcOffsetSeconds, EventPlace(of: event).jsonValue.compactJSON,
                    event.eventURL?.absoluteString,
                ])
            }
        }
        try writeMemberships(db, fetched: fetched, runID: runID, now: now)
    }

    /// Each query that succeeded: its list as `eventQuery` holds it becomes tonight's, writing
    /// only the events it gained and lost. An event no list holds any more was last seen by the
    /// last run that listed it (its query's last successful published run before this one).
    private static func writeMemberships(_ db: Database, fetched: FetchedEvents, runID: Int64, now: Date) throws {
        let insert = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO eventQuery (eventId, queryId, addedRunId) VALUES (?, ?, ?)")
        let delete = try db.cachedStatement(sql: "DELETE FROM eventQuery WHERE eventId = ? AND queryId = ?")
        var left: [String: Double] = [:]
        for entry in fetched.outcomes {
            guard case .succeeded(let events) = entry.outcome else { continue }
            let listed = Set(
                try String.fetchAll(
                    db, sql: "SELECT eventId FROM eventQuery WHERE queryId = ?", arguments: [entry.query.id]))
            let tonight = Set(events.map(\.id))
            let gone = listed.subtracting(tonight)
            if !gone.isEmpty {
                let lastListed =
                    try Double.fetchOne(
                        db,
                        sql: """
                            SELECT MAX(run.at) FROM runQuery JOIN run ON run.id = runQuery.runId
                            WHERE runQuery.queryId = ? AND runQuery.status = 'ok' AND run.published AND run.id <> ?
                            """, arguments: [entry.query.id, runID]) ?? 0
                for id in gone {
                    try delete.execute(arguments: [id, entry.query.id])
                    left[id] = max(left[id] ?? 0, lastListed)
                }
            }
            for id in tonight.subtracting(listed) { try insert.execute(arguments: [id, entry.query.id, runID]) }
        }
        let leave = try db.cachedStatement(
            sql: """
                UPDATE event SET lastSeen = max(lastSeen, ?) WHERE id = ? AND id NOT IN (SELECT eventId FROM eventQuery)
                """)
        for (id, at) in left { try leave.execute(arguments: [at, id]) }
    }

    /// The changes this run noticed (earlier ones are already stored). A re-run at the same
    /// moment reads the first one's changes back at this moment: kept once (migration v7).
    private static func writeChanges(_ db: Database, report: HistoryReport, now: Date) throws {
        for change in report.changes where change.noticedAt == now {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO change (at, kind, eventId, title, oldStart, oldOffset, newStart, newOffset, oldVenue, oldPlace, newPlace, url, queryIds)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?)
                    """,
                arguments: [
                    now.timeIntervalSince1970, change.kind.rawValue, change.eventID, change.title,
                    change.oldStart.date.timeIntervalSince1970, change.oldStart.utcOffsetSeconds,
                    change.newStart?.date.timeIntervalSince1970, change.newStart?.utcOffsetSeconds,
                    change.oldPlace.jsonValue.compactJSON, change.newPlace?.jsonValue.compactJSON,
                    change.url?.absoluteString, change.queryIDs.joined(separator: ","),
                ])
        }
    }
}

extension HistoryStore {
    /// One change per event, kind and moment. Each re-run at the same `--now` stored again the
    /// changes it read back at that moment, so they doubled with every such run: 21 removals
    /// became 172,032 rows after 13 re-runs (the W2 snapshot site), and every page and digest
    /// that reads them slowed with them. The copies are dropped and the index forbids more.
    static func registerChangeMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7: a change kept once") { db in
            try db.execute(
                sql: """
                    DELETE FROM change WHERE id NOT IN (SELECT MIN(id) FROM change GROUP BY at, kind, eventId)
                    """)
            try db.create(index: "changeOnce", on: "change", columns: ["at", "kind", "eventId"], unique: true)
        }
        migrator.registerMigration("v8: a query's list, not each night's") { db in
            // `eventQuery` holds each query's list as its last successful published run left it
            // (the rows that run wrote); the rows of earlier runs go. An event still listed is seen.
            try db.execute(
                sql: """
                    DELETE FROM eventQuery WHERE lastSeenRunId IS NOT (
                      SELECT MAX(runQuery.runId) FROM runQuery JOIN run ON run.id = runQuery.runId
                      WHERE runQuery.queryId = eventQuery.queryId AND runQuery.status = 'ok' AND run.published)
                    """)
            try db.alter(table: "eventQuery") { $0.rename(column: "lastSeenRunId", to: "addedRunId") }
            try db.create(index: "eventQueryByQuery", on: "eventQuery", columns: ["queryId", "eventId"])
        }
        migrator.registerMigration("v9: hybrid events") { db in
            // In person and online: counted as hybrid, not online (docs/record.md). Rows kept before
            // are read as they were counted then (online or in person) until they are seen again.
            try db.alter(table: "archiveEvent") { $0.add(column: "hybrid", .boolean).notNull().defaults(to: false) }
        }
        migrator.registerMigration("v10: where events took place") { db in
            // The venue's coordinates, for the geography report's map; rows kept before have none
            // until the event is seen again (an upsert keeps coordinates it is not given).
            try db.alter(table: "archiveEvent") { table in
                table.add(column: "lat", .double)
                table.add(column: "lon", .double)
            }
        }
    }
}
