import Foundation
import MeetupSupport

/// What one configured query produced in a run. A query is all-or-nothing:
/// a failure carries no events from this run, never a partial list.
package enum QueryOutcome: Sendable {
    case succeeded(events: [Event])
    case failed(FetchError)
    /// The query failed, and the events of its last good run (fetched at `since`) stand in.
    case stale(events: [Event], since: Date, error: FetchError)

    package var events: [Event] {
        switch self {
        case .succeeded(let events), .stale(let events, _, _): events
        case .failed: []
        }
    }

    package var error: FetchError? {
        switch self {
        case .succeeded: nil
        case .failed(let error), .stale(_, _, let error): error
        }
    }

    package var staleSince: Date? {
        if case .stale(_, let since, _) = self { return since }
        return nil
    }
}

/// The result of the fetch stage: each query's outcome, in config order.
package struct FetchedEvents: Sendable {
    package var outcomes: [(query: EventQuery, outcome: QueryOutcome)] {
        didSet { derived = Derived() }
    }
    /// Tonight's groups with their activity, per id of a query that follows groups and succeeded.
    package var groups: [String: [GroupActivity]]

    package init(outcomes: [(query: EventQuery, outcome: QueryOutcome)], groups: [String: [GroupActivity]] = [:]) {
        self.outcomes = outcomes
        self.groups = groups
    }

    package var failures: [(query: EventQuery, error: FetchError)] {
        outcomes.compactMap { entry in entry.outcome.error.map { (entry.query, $0) } }
    }

    /// The same outcomes without events that started before `now`: a digest of
    /// upcoming events has no use for them (archives and caches may still hold them).
    package func upcoming(at now: Date) -> FetchedEvents {
        FetchedEvents(
            outcomes: outcomes.map { entry in
                switch entry.outcome {
                case .succeeded(let events):
                    (entry.query, .succeeded(events: events.filter { $0.isUpcoming(at: now) }))
                case .stale(let events, let since, let error):
                    (entry.query, .stale(events: events.filter { $0.isUpcoming(at: now) }, since: since, error: error))
                case .failed:
                    entry
                }
            }, groups: groups)
    }

    /// What is worked out from `outcomes`, once per value of them: each stage asked for the
    /// distinct events again, copying 10,000 events each time (0.24 s of CPU on a W2 snapshot
    /// night under `perf`).
    private var derived = Derived()

    private final class Derived: Sendable {
        let distinct = LockedBox<[Event]?>(nil)
        let queriesByEvent = LockedBox<[String: [EventQuery]]?>(nil)
    }

    /// Ids of the queries that found each event, in config order (an event shows where it was found).
    package var queriesByEvent: [String: [EventQuery]] {
        if let known = derived.queriesByEvent.withLock({ $0 }) { return known }
        let found = findQueriesByEvent()
        derived.queriesByEvent.withLock { $0 = found }
        return found
    }

    /// Events found by the same queries share one array: an array of its own for each of W2's
    /// 10,000 events was 12 MB of the render's memory peak (heaptrack).
    private func findQueriesByEvent() -> [String: [EventQuery]] {
        var found: [String: [Int]] = [:]
        for (index, entry) in outcomes.enumerated() {
            for event in entry.outcome.events { found[event.id, default: []].append(index) }
        }
        var shared: [[Int]: [EventQuery]] = [:]
        return found.mapValues { indices in
            if let queries = shared[indices] { return queries }
            let queries = indices.map { outcomes[$0].query }
            shared[indices] = queries
            return queries
        }
    }

    /// Every distinct event across queries (same id is the same event).
    package var distinctEvents: [Event] {
        if let known = derived.distinct.withLock({ $0 }) { return known }
        let events = findDistinctEvents()
        derived.distinct.withLock { $0 = events }
        return events
    }

    private func findDistinctEvents() -> [Event] {
        var seen = Set<String>()
        var events: [Event] = []
        for entry in outcomes {
            for event in entry.outcome.events where seen.insert(event.id).inserted {
                events.append(event)
            }
        }
        return events
    }

    /// The same events, each with the Meetup ids it had on earlier nights (by lasting id).
    package func withFormerIDs(_ former: [String: [String]]) -> FetchedEvents {
        let add: ([Event]) -> [Event] = { events in
            events.map { event in
                var event = event
                event.formerIDs = former[event.id] ?? event.formerIDs
                return event
            }
        }
        return FetchedEvents(
            outcomes: outcomes.map { entry in
                switch entry.outcome {
                case .succeeded(let events): (entry.query, .succeeded(events: add(events)))
                case .stale(let events, let since, let error):
                    (entry.query, .stale(events: add(events), since: since, error: error))
                case .failed: entry
                }
            }, groups: groups)
    }
}
