import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupSupport
import Testing

/// `EventInterner`: one copy of an event however many queries found it.
@Suite("Event interning")
struct EventInternerTests {
    static func event(_ id: String, title: String = "Talk") -> Event {
        Event(
            id: id, title: title, start: ISO8601.parseDateTime("2026-12-01T19:00:00+01:00")!,
            description: "About things")
    }

    /// Every query keeps exactly the events it was given, in its order, whether or not
    /// another query found them first; an event that differs between two queries' answers
    /// (fetched moments apart) stays each query's own.
    @Test func eachQueryKeepsItsOwnEvents() {
        let interner = EventInterner()
        let first = [Self.event("1"), Self.event("2")]
        let second = [Self.event("3"), Self.event("2"), Self.event("1", title: "Renamed")]
        let a = interner.intern(.succeeded(events: first))
        let b = interner.intern(
            .stale(
                events: second, since: Date(timeIntervalSince1970: 0),
                error: .transport(query: "q", page: 1, reason: "down")))
        #expect(a.events == first)
        #expect(b.events == second)
        #expect(b.events[2].title == "Renamed" && b.staleSince == Date(timeIntervalSince1970: 0))
        let failed = interner.intern(.failed(.transport(query: "q", page: 1, reason: "down")))
        #expect(failed.events.isEmpty && failed.error != nil)
    }
}
