import CICalShim
import Foundation
@testable import MeetupFetch
@testable import MeetupModel
import MeetupNetwork
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

@Suite("Calendar and Meetup: one event once")
struct CalendarMergeTests {
    /// 29.7: an entry and a weekly series that both link one Meetup event.
    @Test func oneMeetupEventMatchedBySeveralOccurrencesAppearsOnce() {
        let start = ISO8601.parseDateTime("2026-12-02T18:00:00+01:00")!
        let url = URL(string: "https://www.meetup.com/x/events/310866024/")!
        var meetup = Event(id: "310866024", title: "Rust evening", start: start)
        meetup.eventURL = url
        let query = EventQuery(id: "rust", keyword: "rust", latitude: 52.5, longitude: 13.4)
        func occurrence(_ id: String, days: Double, title: String) -> Event {
            var event = Event(
                id: id, title: title,
                start: ZonedDate(
                    date: start.date.addingTimeInterval(days * 86_400),
                    utcOffsetSeconds: 3_600))
            event.eventURL = url
            return event
        }
        let entry = occurrence("cal:entry", days: 0, title: "Rust evening")
        let series = [-7.0, 0, 7, 14].map {
            occurrence("cal:series\(Int($0))", days: $0, title: "Weekly Rust hack night")
        }
        let merged = CalendarMerge.merge(
            FetchedEvents(outcomes: [
                (query, .succeeded(events: [meetup])),
                (CalendarParserTests.calendar, .succeeded(events: [entry] + series)),
            ]))
        let ids = merged.outcomes[1].outcome.events.map(\.id)
        #expect(ids == ["310866024", "cal:series-7", "cal:series7", "cal:series14"], "\(ids)")
        #expect(merged.distinctEvents.count == 4)
    }

    /// A copy an hour off (a feed that got the zone wrong) is still the event; one a week off is not.
    @Test func theNearestCopyIsTheEventWhenNoneStartsWithIt() {
        let start = ISO8601.parseDateTime("2026-12-02T18:00:00+01:00")!
        let url = URL(string: "https://www.meetup.com/x/events/1/")!
        var meetup = Event(id: "1", title: "Talk", start: start)
        meetup.eventURL = url
        var hourOff = Event(
            id: "cal:a", title: "Talk",
            start: ZonedDate(date: start.date.addingTimeInterval(3_600), utcOffsetSeconds: 0))
        hourOff.eventURL = url
        var weekOff = Event(
            id: "cal:b", title: "Talk",
            start: ZonedDate(date: start.date.addingTimeInterval(7 * 86_400), utcOffsetSeconds: 0))
        weekOff.eventURL = url
        let swapped = CalendarMerge.swapped([hourOff, weekOff]) { $0.eventURL == url ? meetup : nil }
        #expect(swapped.map(\.id) == ["1", "cal:b"])
    }
}
