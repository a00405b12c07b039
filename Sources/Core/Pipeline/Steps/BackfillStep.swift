import Foundation
import MeetupModel
import MeetupSupport

/// Backfill: the past events of the queries that follow groups or a network, read into the
/// record a little each night (`nightlyBudget` requests) until it has them all since
/// `defaultSince`; `meetup-report backfill` reads the rest at once. A failure is a warning:
/// the night's site does not depend on it, and the next night continues.
package struct BackfillStep: RunStep {
    var name: String { "backfill" }
    var sendsRequests: Bool { true }

    /// Requests a night's backfill may send: R-Ladies' network (about 5,200 past events, 200
    /// a request) is read in one night; a night after that sends none.
    static let nightlyBudget = 40

    /// The earliest a backfill asks for, unless told (`backfill --since`): before Meetup's first events.
    package static let defaultSince = Date(timeIntervalSince1970: 1_009_843_200)  // 2002-01-01

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let history = environment.history, let source = environment.pastEvents, !environment.offline else {
            return
        }
        // A query whose fetch failed tonight has nothing to gain from more requests.
        let fresh = Set(
            context.fetched.outcomes.filter { if case .succeeded = $0.outcome { true } else { false } }
                .map(\.query.id))
        let queries = environment.config.queries.filter { $0.followsGroups && fresh.contains($0.id) }
        guard !queries.isEmpty else { return }
        let outcome = Backfill(
            source: source, history: history, since: Self.defaultSince, now: environment.now,
            budget: Self.nightlyBudget
        ).run(queries)
        context.summary.backfillRequests = outcome.requests
        context.summary.backfillEvents = outcome.events
        outcome.failures.forEach(environment.observer.warning)
    }
}
