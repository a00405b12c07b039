import MeetupModel
import MeetupSupport

/// One copy of each event however many queries found it. Every query's answer is decoded
/// into strings of its own, so an event found by three queries was held three times: on W2
/// (10,000 events, each found by 3 of 20 queries) 44 MB more after the fetch (`VmRSS`).
/// An event that differs between two answers (fetched moments apart) stays each one's own.
final class EventInterner: Sendable {
    private let seen = LockedBox([String: Event]())

    /// The outcome with each event that equals one already seen replaced by that one,
    /// which shares its storage.
    func intern(_ outcome: QueryOutcome) -> QueryOutcome {
        switch outcome {
        case .succeeded(let events): .succeeded(events: intern(events))
        case .stale(let events, let since, let error): .stale(events: intern(events), since: since, error: error)
        case .failed: outcome
        }
    }

    func intern(_ events: [Event]) -> [Event] {
        seen.withLock { seen in
            events.map { event in
                if let known = seen[event.id] {
                    return known == event ? known : event
                }
                seen[event.id] = event
                return event
            }
        }
    }
}
