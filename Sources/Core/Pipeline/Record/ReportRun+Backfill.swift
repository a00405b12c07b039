import Foundation
import MeetupHistory
import MeetupModel
import MeetupRender
import MeetupSupport

extension ReportRun {
    /// What `meetup-report backfill` did, in one line, and whether it finished.
    package struct BackfillReport: Sendable {
        package var line: String
        package var finished: Bool
    }

    /// `meetup-report backfill`: reads every past event since `since` of the queries that follow
    /// groups or a network into the record, under the run lock (a nightly run waits, or this
    /// does), resuming where an earlier backfill stopped. Requests go through the run's
    /// transport, so `limits.apiRequestsPerMinute` and the retry rules hold.
    package func backfill(since: Date) -> BackfillReport {
        let redactor = SecretRedactor()
        if case .meetupAPI(_, .token(let variable)) = config.source { redactor.add([environment[variable] ?? ""]) }
        let observer = RedactingObserver(wrapped: self.observer, redactor: redactor)
        let queries = config.queries.filter(\.followsGroups)
        guard !queries.isEmpty else {
            return BackfillReport(
                line: "backfill: no query follows groups or a network; nothing to read", finished: true)
        }
        do throws(RunAbort) {
            let locks: [RunLock]
            do {
                locks = try RunLock.acquire(for: config, onWait: { observer.warning($0) })
            } catch {
                throw RunAbort(reason: error.description)
            }
            defer { withExtendedLifetime(locks) {} }
            let environment = try makeEnvironment(observer: observer, redactor: redactor)
            guard let history = environment.history, let source = environment.pastEvents else {
                return BackfillReport(
                    line: "backfill FAILED: the record needs the history (history.enabled) and a source",
                    finished: false)
            }
            let outcome = Backfill(source: source, history: history, since: since, now: options.now, budget: Int.max)
                .run(queries)
            outcome.failures.forEach(observer.warning)
            return BackfillReport(
                line: Self.backfillLine(outcome, history: history, queries: queries, now: options.now),
                finished: outcome.failures.isEmpty
            )
        } catch {
            return BackfillReport(line: "backfill FAILED: " + redactor.redact(error.reason), finished: false)
        }
    }

    /// "backfill: 5,168 past events (and 110 upcoming) of 223 groups since 2012-03-14 in 61 requests".
    static func backfillLine(_ outcome: Backfill.Outcome, history: HistoryStore, queries: [EventQuery], now: Date)
        -> String
    {
        let ids = Set(queries.map(\.id))
        let kept = ((try? history.record())?.events ?? []).filter { !ids.isDisjoint(with: $0.queryIDs) }
        let past = kept.filter { $0.start.date < now }
        let upcoming = kept.count - past.count
        let groups = Set(past.compactMap { $0.group?.key }).count
        let since = past.map(\.start.date).min().map { " since " + String(ISO8601.formatUTC($0).prefix(10)) } ?? ""
        return "backfill: \(NumberText.grouped(past.count)) past events"
            + (upcoming > 0 ? " (and \(NumberText.grouped(upcoming)) upcoming)" : "") + " of "
            + EventFormatting.count(groups, "group", "groups") + since + " in "
            + EventFormatting.count(outcome.requests, "request", "requests") + " (\(outcome.events) read now)"
            + (outcome.failures.isEmpty ? "" : "; stopped: " + outcome.failures.joined(separator: "; "))
    }
}
