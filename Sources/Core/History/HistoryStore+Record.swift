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
                try db.execute(sql: "DELETE FROM event WHERE lastSeen < ?", arguments: [cutoff])
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
        // Statements compiled once: a large run writes tens of thousands of rows.
        let upsertEvent = try db.cachedStatement(
            sql: """
                INSERT INTO event (id, firstSeen, lastSeen, title, start, utcOffset, venue, place, url)
                VALUES (?, ?, ?, ?, ?, ?, '', ?, ?)
                ON CONFLICT(id) DO UPDATE SET lastSeen = excluded.lastSeen, title = excluded.title,
                  start = excluded.start, utcOffset = excluded.utcOffset, venue = '', place = excluded.place, url = excluded.url
                """)
        let upsertMembership = try db.cachedStatement(
            sql: """
                INSERT INTO eventQuery (eventId, queryId, lastSeenRunId) VALUES (?, ?, ?)
                ON CONFLICT(eventId, queryId) DO UPDATE SET lastSeenRunId = excluded.lastSeenRunId
                """)
        var written = Set<String>()
        for entry in fetched.outcomes {
            guard case .succeeded(let events) = entry.outcome else { continue }
            for event in events {
                if written.insert(event.id).inserted {
                    try upsertEvent.execute(arguments: [
                        event.id, (report.firstSeen[event.id] ?? now).timeIntervalSince1970,
                        now.timeIntervalSince1970, event.title, event.start.date.timeIntervalSince1970,
                        event.start.utcOffsetSeconds, EventPlace(of: event).jsonValue.compactJSON,
                        event.eventURL?.absoluteString,
                    ])
                }
                try upsertMembership.execute(arguments: [event.id, entry.query.id, runID])
            }
        }
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
    }
}
