import Foundation
import MeetupModel
import MeetupSupport

/// Where a query's events come from: the live API or a recorded snapshot.
/// Both feed the same mapping, so a replay exercises the same code as a live run.
package protocol EventSource: Sendable {
    /// Fetches every page of `query`'s results in `window` and calls `completion`
    /// exactly once: with all of them, or with the first failure (never a partial list).
    func fetchEvents(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome) -> Void)

    /// The same, and for a query that follows groups, the groups with their activity,
    /// read by the same requests (or one more paged list): nil when the query failed or
    /// follows no groups.
    func fetchEventsAndGroups(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void)

    /// Told once every query of a fetch has finished: what the source shared between them
    /// (the run's event nodes) can go before the render.
    func fetchFinished()
}

extension EventSource {
    /// A source that knows no groups' activity answers events only.
    package func fetchEventsAndGroups(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        fetchEvents(for: query, window: window) { completion($0, nil) }
    }

    /// A source that shares nothing between queries has nothing to let go.
    package func fetchFinished() {}
}

/// Runs every query concurrently through one source and waits for all of them.
package struct EventFetcher: Sendable {
    package let source: any EventSource

    package init(source: any EventSource) {
        self.source = source
    }

    /// - Parameter onQueryFinished: called as each query completes, from any thread (for progress).
    package func fetchAll(
        _ queries: [EventQuery], now: Date,
        onQueryFinished: @escaping @Sendable (EventQuery, QueryOutcome) -> Void = { _, _ in }
    ) -> FetchedEvents {
        let results = LockedBox([Int: QueryOutcome]())
        let rosters = LockedBox([String: [GroupActivity]]())
        let group = DispatchGroup()
        let interner = EventInterner()
        for (index, query) in queries.enumerated() {
            group.enter()
            let window = DateInterval(start: now, duration: TimeInterval(query.daysAhead) * 86_400)
            source.fetchEventsAndGroups(for: query, window: window) { outcome, groups in
                let outcome = interner.intern(outcome)
                results.withLock { $0[index] = outcome }
                if case .succeeded = outcome, let groups { rosters.withLock { $0[query.id] = groups } }
                onQueryFinished(query, outcome)
                group.leave()
            }
        }
        group.wait()
        source.fetchFinished()
        let outcomes = results.withLock { $0 }
        return FetchedEvents(
            outcomes: queries.enumerated().map { index, query in
                (query, outcomes[index] ?? .failed(.transport(query: query.id, page: 1, reason: "no result")))
            }, groups: rosters.withLock { $0 })
    }
}
