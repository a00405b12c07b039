import Foundation
@testable import MeetupConfig
@testable import MeetupFetch
@testable import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Other calendars: the demo's feed through libical, recurrence and zones, and
/// hostile feeds that must cost a clear error or warning and nothing else.
@Suite("iCalendar feeds")
struct CalendarParserTests {
    static let calendar = EventQuery(
        id: "tu-talks", title: "TU Berlin talks", kind: .calendar(.file(URL(fileURLWithPath: "/x.ics"))))
    static let now = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date
    static let window = DateInterval(start: now, duration: 60 * 86_400)
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static var demoFeed: Data {
        get throws {
            try Data(
                contentsOf: Fixtures.packageRoot.appendingPathComponent("Examples/demo/calendars/tu-berlin-talks.ics"))
        }
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
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
        #expect(
            parsed.events.map { "\(Self.local($0)) \($0.title)" } == [
                "2026-11-26 17:15 +01 Informatik-Kolloquium",
                "2026-12-01 18:00 +01 Swift concurrency in practice!",
                // The override replaces 3 Dec 17:15 (RECURRENCE-ID), moved to 18:00 with its own title.
                "2026-12-03 18:00 +01 Informatik-Kolloquium: Verified compilers (guest talk)",
                // TZID=America/New_York without a VTIMEZONE in the file: libical's own zone data.
                "2026-12-09 12:00 -05 Online: Swift on the server (live from New York)",
                "2026-12-10 17:15 +01 Informatik-Kolloquium",
                "2026-12-12 00:00 +01 Open Source Day",
                "2026-12-17 17:15 +01 Informatik-Kolloquium",
                // 24 and 31 Dec are EXDATEs; the cancelled lab tour on 10 Dec is left out.
                "2027-01-07 17:15 +01 Informatik-Kolloquium",
                "2027-01-14 17:15 +01 Informatik-Kolloquium",
            ])
        let openDay = try #require(parsed.events.first { $0.title == "Open Source Day" })
        #expect(openDay.isAllDay && openDay.end?.date.timeIntervalSince(openDay.start.date) == 86_400)
        let online = try #require(parsed.events.first { $0.title.hasPrefix("Online") })
        #expect(
            online.isOnline && online.venue == nil
                && online.eventURL?.absoluteString == "https://meet.example.org/swift-server")
        let talk = parsed.events[0]
        #expect(
            talk.venue?.latitude == 52.5125 && talk.group?.name == "TU Berlin talks" && talk.id.hasPrefix("tu-talks:"))
        #expect(
            talk.description.hasPrefix("Weekly computer science colloquium, open to everyone.\n\nTalks"),
            "unescaped, unfolded")
        let again = try parse(try Self.demoFeed)
        #expect(again.events.map(\.id) == parsed.events.map(\.id), "ids are the same every night")
        #expect(Set(parsed.events.map(\.id)).count == parsed.events.count, "one id per occurrence")
    }

    static func feed(_ events: String) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events + "END:VCALENDAR\r\n").utf8)
    }

    @Test func aMillionOccurrenceRuleStopsAtItsLimitWithAWarning() throws {
        let secondly = Self.feed(
            "BEGIN:VEVENT\r\nUID:spam\r\nDTSTART:20261122T090000Z\r\nRRULE:FREQ=SECONDLY\r\nSUMMARY:Spam\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:old\r\nDTSTART:19700101T000000Z\r\nRRULE:FREQ=MINUTELY;COUNT=1000000\r\nSUMMARY:Old\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:fine\r\nDTSTART:20261201T180000Z\r\nSUMMARY:Fine\r\nEND:VEVENT\r\n")
        let started = ContinuousClock.now
        let parsed = try parse(secondly)
        #expect(ContinuousClock.now - started < .seconds(20), "bounded work, whatever the rule says")
        #expect(
            parsed.events.count == CalendarParser.maximumOccurrences, "the first occurrences in the window, no more")
        #expect(
            parsed.events.contains { $0.title == "Fine" } || parsed.warnings.contains { $0.contains("more left out") })
        #expect(
            parsed.warnings.contains { $0.contains("more than 5000 occurrences in the window") }, "\(parsed.warnings)")
        #expect(
            parsed.warnings.contains { $0.contains("1 recurring event stopped after 100000 repetitions") },
            "\(parsed.warnings)")
    }

    @Test func brokenDatesAndLineBreaksCostOnlyTheirEvent() throws {
        let parsed = try parse(
            Self.feed(
                "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261345T250000Z\r\nSUMMARY:Broken\r\nEND:VEVENT\r\n"
                    + "BEGIN:VEVENT\r\nUID:b\r\nSUMMARY:No start\r\nEND:VEVENT\r\n"
                    + "BEGIN:VEVENT\r\nUID:c\r\nDTSTART:20261201T180000\r\nSUMMARY:Line one\\nLine two\r\n\tstill the summary\r\nEND:VEVENT\r\n"
                    + "BEGIN:VEVENT\r\nUID:d\r\nDTSTART;TZID=Mars/Olympus:20261202T180000\r\nSUMMARY:Elsewhere\r\nEND:VEVENT\r\n"
            ))
        #expect(parsed.events.map(\.title) == ["Line one Line twostill the summary", "Elsewhere"])
        #expect(Self.local(parsed.events[0]) == "2026-12-01 18:00 +01", "a floating time is the site's")
        #expect(parsed.warnings.contains("2 events without a readable start left out"), "\(parsed.warnings)")
        #expect(parsed.warnings.contains { $0.contains("time zone the calendar does not define") })
    }

    @Test func whatIsNoCalendarIsAClearError() {
        let deep = Data(
            (String(repeating: "BEGIN:VX\r\n", count: 50_000) + String(repeating: "END:VX\r\n", count: 50_000)).utf8)
        for (data, reason) in [
            (Data("<html>not found</html>".utf8), "not an iCalendar document"),
            (Data("BEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\n".utf8), "no VCALENDAR in the document"),
            (Data(), "not an iCalendar document"),
            (
                Data(("BEGIN:VCALENDAR\r\n").utf8) + deep + Data("END:VCALENDAR\r\n".utf8),
                "components nested deeper than 8 levels"
            ),
        ] {
            #expect(throws: FetchError.calendar(query: "tu-talks", reason: reason)) { try parse(data) }
        }
    }

    @Test func anEventOnMeetupAndInACalendarIsOneEvent() {
        #expect(CalendarMerge.sameTitle("Swift Concurrency in practice", "Swift concurrency in practice!"))
        #expect(CalendarMerge.sameTitle("Café Numérique", "cafe numerique"))
        #expect(!CalendarMerge.sameTitle("Rust meetup", "Rust meetup: embedded special"))
        #expect(
            CalendarMerge.normalized(URL(string: "http://meetup.com/x/events/201")!)
                == CalendarMerge.normalized(URL(string: "https://www.meetup.com/x/events/201/?utm_source=ics")!))
        let start = ISO8601.parseDateTime("2026-12-01T18:00:00+01:00")!
        let meetup = Event(id: "310866024", title: "Swift Concurrency in practice", start: start)
        let query = EventQuery(id: "swift", keyword: "swift", latitude: 52.5, longitude: 13.4)
        let copy = Event(id: "tu-talks:1", title: "Swift concurrency in practice!", start: start)
        let other = Event(
            id: "tu-talks:2", title: "Swift concurrency in practice!",
            start: ISO8601.parseDateTime("2026-12-02T18:00:00+01:00")!)
        let merged = CalendarMerge.merge(
            FetchedEvents(outcomes: [
                (query, .succeeded(events: [meetup])), (Self.calendar, .succeeded(events: [copy, other])),
            ]))
        #expect(
            merged.outcomes[1].outcome.events.map(\.id) == ["310866024", "tu-talks:2"],
            "same start and title: Meetup's event")
        #expect(
            merged.distinctEvents.count == 2 && merged.queriesByEvent["310866024"]?.map(\.id) == ["swift", "tu-talks"])
    }
}

@Suite("Calendars in the config")
struct CalendarConfigTests {
    func load(_ calendars: String) throws -> ReportConfig {
        let json =
            #"{"title": "T", "baseURL": "https://x.org/", "source": {"type": "snapshot", "directory": "/tmp"}, "queries": [{"id": "s", "keyword": "swift", "lat": 1, "lon": 2}], "calendars": \#(calendars)}"#
        return try ConfigLoader(environment: [:], requiresToken: false).parse(
            Data(json.utf8), file: "queries.json", baseDirectory: URL(fileURLWithPath: "/etc/mr"))
    }

    @Test func calendarsJoinTheQueries() throws {
        let config = try load(
            #"[{"id": "uni", "title": "Uni", "url": "https://uni.example.org/talks.ics"}, {"id": "conf", "file": "cal/conf.ics", "daysAhead": 90}]"#
        )
        #expect(config.queries.map(\.id) == ["s", "uni", "conf"])
        #expect(
            config.queries[1].calendarFeed == .url(URL(string: "https://uni.example.org/talks.ics")!)
                && config.queries[1].title == "Uni")
        #expect(
            config.queries[2].calendarFeed == .file(URL(fileURLWithPath: "/etc/mr/cal/conf.ics"))
                && config.queries[2].daysAhead == 90)
    }

    @Test(arguments: [
        (
            #"[{"id": "u", "url": "ftp://x.org/a.ics"}]"#,
            "queries.json: calendars[0].url: expected an absolute http(s) URL of an iCalendar feed"
        ),
        (#"[{"id": "u"}]"#, "queries.json: calendars[0].url is missing: expected exactly one of \"url\""),
        (
            #"[{"id": "u", "url": "https://x.org/a.ics", "file": "a.ics"}]"#,
            "queries.json: calendars[0].file: expected exactly one of"
        ),
        (
            #"[{"id": "s", "file": "a.ics"}]"#,
            "queries.json: calendars[0].id: query id \"s\" is already used by queries[0].id"
        ),
        (#"{"id": "u"}"#, "queries.json: calendars: expected an array of at most 200 calendars"),
    ])
    func mistakesNameTheirKeyPath(_ calendars: String, message: String) {
        do {
            _ = try load(calendars)
            Issue.record("expected \(calendars) to be rejected")
        } catch {
            #expect(String(describing: error).hasPrefix(message), "\(error)")
        }
    }
}
