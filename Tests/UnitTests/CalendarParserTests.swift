import Foundation
import Testing
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupReportTestSupport
@testable import MeetupSupport

/// Other calendars (issue 20): the demo's feed through libical, recurrence and zones, and
/// hostile feeds that must cost a clear error or warning and nothing else.
@Suite("iCalendar feeds")
struct CalendarParserTests {
    static let calendar = EventQuery(id: "tu-talks", title: "TU Berlin talks", kind: .calendar(.file(URL(fileURLWithPath: "/x.ics"))))
    static let now = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date
    static let window = DateInterval(start: now, duration: 60 * 86_400)
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static var demoFeed: Data {
        get throws { try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Examples/demo/calendars/tu-berlin-talks.ics")) }
    }

    func parse(_ data: Data, window: DateInterval = window) throws(FetchError) -> CalendarParser.Parsed {
        try CalendarParser.parse(data, calendar: Self.calendar, window: window, timeZone: Self.berlin)
    }

    static func local(_ event: Event) -> String {
        let offset = event.start.utcOffsetSeconds
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: event.start.date) + String(format: " %+03d", offset / 3600)
    }

    @Test func theDemoFeedExpandsItsRecurrenceInItsZones() throws {
        let parsed = try parse(try Self.demoFeed)
        for event in parsed.events { print(Self.local(event), event.title, event.isAllDay, event.id) }
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
    }
}
