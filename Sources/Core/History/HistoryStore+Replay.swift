import Foundation
import GRDB
import MeetupConfig
import MeetupModel

extension HistoryStore {
    /// The report of the last recorded run, for `--offline`: a re-render shows what
    /// that run showed (its New markers, its changes, its chart), instead of
    /// comparing the last run's events with themselves. Reads only.
    package func replayReport(for fetched: FetchedEvents, now: Date, settings: HistorySettings) throws(HistoryError)
        -> HistoryReport
    {
        do {
            return try database.read { db in
                guard
                    let lastRun = try Row.fetchOne(
                        db, sql: "SELECT id, at FROM run WHERE published ORDER BY at DESC, id DESC LIMIT 1")
                else {
                    // Nothing recorded yet: the same report a first run gets.
                    return try Self.report(db, fetched: fetched, now: now, settings: settings)
                }
                return try Self.replayReport(db, lastRun: lastRun, fetched: fetched, now: now, settings: settings)
            }
        } catch {
            throw HistoryError(description: "cannot read the history in \(path.path) (\(error)); the pages show none")
        }
    }

    private static func replayReport(
        _ db: Database, lastRun: Row, fetched: FetchedEvents, now: Date,
        settings: HistorySettings
    ) throws -> HistoryReport {
        var report = HistoryReport()
        let lastRunID: Int64 = lastRun["id"]
        let lastRunAt: Double = lastRun["at"]
        // The last run compared with the published run before it; one at the same moment (a
        // re-run with the same --now) had already seen everything the last run saw first.
        let hadEarlierRun =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM run WHERE published AND id < ?)",
                arguments: [lastRunID]) ?? false
        let earlierRunAtSameMoment =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM run WHERE published AND id < ? AND at = ?)",
                arguments: [lastRunID, lastRunAt]) ?? false
        var firstSeen: [String: Double] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, firstSeen FROM event") {
            firstSeen[row["id"]] = row["firstSeen"]
        }
        for event in fetched.distinctEvents {
            guard let seen = firstSeen[event.id] else {
                report.firstSeen[event.id] = now
                continue
            }
            report.firstSeen[event.id] = Date(timeIntervalSince1970: seen)
            // New in the last run, as that run marked it.
            if hadEarlierRun && !earlierRunAtSameMoment && seen == lastRunAt { report.newEventIDs.insert(event.id) }
        }
        report.changes = try changes(db, since: now, settings: settings, current: fetched)
        // One point per moment, as the run itself charted them (`report`).
        let runs = try Row.fetchAll(
            db, sql: "SELECT MAX(id) AS id FROM run GROUP BY at ORDER BY at DESC LIMIT ?",
            arguments: [max(1, settings.chartRuns)]
        ).map { $0["id"] as Int64 }.reversed()
        report.counts = try counts(db, runs: Array(runs), fetched: fetched, appendingCurrent: false)
        return report
    }
}
