import Foundation

/// What one configured query produced in a run. A query is all-or-nothing:
/// a failure carries no events, never a partial list.
public enum QueryOutcome: Sendable {
    case succeeded(events: [Event])
    case failed(FetchError)

    public var events: [Event] {
        if case .succeeded(let events) = self { return events }
        return []
    }

    public var error: FetchError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}

/// The result of the fetch stage: each query's outcome, in config order.
public struct FetchedEvents: Sendable {
    public var outcomes: [(query: EventQuery, outcome: QueryOutcome)]

    public init(outcomes: [(query: EventQuery, outcome: QueryOutcome)]) {
        self.outcomes = outcomes
    }

    public var failures: [(query: EventQuery, error: FetchError)] {
        outcomes.compactMap { entry in entry.outcome.error.map { (entry.query, $0) } }
    }

    /// The same outcomes without events that started before `now`: a digest of
    /// upcoming events has no use for them (archives and caches may still hold them).
    public func upcoming(at now: Date) -> FetchedEvents {
        FetchedEvents(outcomes: outcomes.map { entry in
            guard case .succeeded(let events) = entry.outcome else { return entry }
            return (entry.query, .succeeded(events: events.filter { $0.start.date >= now }))
        })
    }

    /// Ids of the queries that found each event, in config order (an event shows where it was found).
    public var queriesByEvent: [String: [EventQuery]] {
        var found: [String: [EventQuery]] = [:]
        for entry in outcomes {
            for event in entry.outcome.events { found[event.id, default: []].append(entry.query) }
        }
        return found
    }

    /// Every distinct event across queries (same id is the same event).
    public var distinctEvents: [Event] {
        var seen = Set<String>()
        var events: [Event] = []
        for entry in outcomes {
            for event in entry.outcome.events where seen.insert(event.id).inserted {
                events.append(event)
            }
        }
        return events
    }
}
