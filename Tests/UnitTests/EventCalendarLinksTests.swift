import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `EventCalendarLinks`: the Google Calendar link and the `.ics` path of one event.
@Suite("Per-event calendar links")
struct EventCalendarLinksTests {
    @Test func theGoogleLinkCarriesTheTitleAndUTCTimesWhateverTheTitleHolds() throws {
        let start = try #require(ISO8601.parseDateTime("2026-12-01T19:00:00+01:00"))
        let event = Event(
            id: "../../etc/passwd", title: "Rust & C++ = fun?\n#1", start: start,
            eventURL: URL(string: "https://www.meetup.com/x/events/1/"))
        let url = try #require(EventCalendarLinks.googleCalendar(event, details: "Talks & pizza", language: .english))
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        let values = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(url.host == "calendar.google.com" && values["action"] == "TEMPLATE")
        #expect(values["text"] == "Rust & C++ = fun?\n#1", "every reserved character survives the round trip")
        #expect(values["dates"] == "20261201T180000Z/20261201T200000Z", "UTC, two hours without an end")
        #expect(values["details"] == "Talks & pizza\n\nhttps://www.meetup.com/x/events/1/")
        #expect(!url.absoluteString.contains("+"), "a + would read as a space")
        #expect(
            EventCalendarLinks.icsPath(event).hasPrefix("events/") && !EventCalendarLinks.icsPath(event).contains(".."),
            "the id never becomes a path")
    }
}
