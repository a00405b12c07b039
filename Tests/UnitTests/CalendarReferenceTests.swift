import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Issue 61, item 12: calendars that expanded differently from recurring-ical-events 3.8.2, each
/// judged against RFC 5545. Each case is a small calendar of the same shape as the one the
/// independent run found (named above it: icalendar 7.3.0's and recurring-ical-events 3.8.2's
/// test calendars, from their sdists); the site's zone is Berlin.
@Suite("iCalendar feeds: the cases recurring-ical-events reads otherwise")
struct CalendarReferenceTests {
    /// Each occurrence's start (UTC, ISO 8601) of `events` between `from` and 60 days later.
    func starts(_ events: String, from: String) throws -> [String] {
        let window = DateInterval(start: ISO8601.parseDateTime(from)!.date, duration: 60 * 86_400)
        let parsed = try CalendarParser.parse(
            CalendarParserTests.feed(events), calendar: CalendarParserTests.calendar, window: window,
            timeZone: CalendarParserTests.berlin)
        return parsed.events.map { ISO8601.formatUTC($0.start.date) }.sorted()
    }

    static func event(_ lines: String...) -> String {
        "BEGIN:VEVENT\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n"
    }

    /// icalendar `calendars/issue_1633_rdate_with_dates.ics` and `…_and_tzid.ics`: an RDATE that is a
    /// date is that day's midnight in the event's own zone, not in the site's (23:00 UTC the day before).
    @Test func aDateInRDATEIsMidnightInTheEventsZone() throws {
        let utc = Self.event("UID:1", "DTSTART:19970101T180000Z", "RDATE;VALUE=PERIOD:19970101/19970102")
        #expect(try starts(utc, from: "1996-12-30T00:00:00Z") == ["1997-01-01T00:00:00Z", "1997-01-01T18:00:00Z"])
        let newYork = Self.event(
            "UID:1", "DTSTART;TZID=America/New_York:19970101T180000",
            "RDATE;TZID=America/New_York;VALUE=PERIOD:19970101/19970102")
        #expect(
            try starts(newYork, from: "1996-12-30T00:00:00Z") == ["1997-01-01T05:00:00Z", "1997-01-01T23:00:00Z"])
    }

    /// icalendar `events/event_with_recurrence.ics`: a floating daily event whose EXDATEs are written
    /// in UTC; they name the wall-clock times they remove.
    @Test func anEXDATERemovesAFloatingEventsInstanceByItsWallClockTime() throws {
        let floating = Self.event(
            "UID:f", "DTSTART:19960401T010000", "DTEND:19960401T020000", "RRULE:FREQ=DAILY;COUNT=6",
            "EXDATE:19960402T010000Z,19960403T010000Z,19960404T010000Z", "SUMMARY:A recurring event with exdates")
        // 01:00 in Berlin (CEST since 31 March 1996) on the 1st, 5th and 6th.
        #expect(
            try starts(floating, from: "1996-03-30T00:00:00Z") == [
                "1996-03-31T23:00:00Z", "1996-04-04T23:00:00Z", "1996-04-05T23:00:00Z",
            ])
    }

    /// icalendar `docs/tutorials/example.ics`: two events under one UID that nothing tells apart
    /// (no SEQUENCE, one DTSTAMP): the first stands.
    @Test func ofTwoCopiesNothingTellsApartTheFirstStands() throws {
        let first = Self.event(
            "SUMMARY:Pick up bicycle", "DTSTART:20260321T063000Z", "DTSTAMP:20250517T080612Z", "UID:d755cef5")
        let second = Self.event(
            "SUMMARY:Morning ride", "DTSTART:20260328T070000Z", "DTSTAMP:20250517T080612Z", "UID:d755cef5")
        #expect(try starts(first + second, from: "2026-03-20T00:00:00Z") == ["2026-03-21T06:30:00Z"])
    }

    /// recurring-ical-events `issue_117_until_before_dtstart.ics`: a rule whose UNTIL is before its
    /// DTSTART describes no instance, DTSTART's included.
    @Test func aRuleThatEndsBeforeItStartsHasNoInstance() throws {
        let ended = Self.event(
            "UID:117", "DTSTART;VALUE=DATE:20231002", "DTEND;VALUE=DATE:20231009",
            "RRULE:FREQ=WEEKLY;UNTIL=20231001;INTERVAL=2;BYDAY=MO", "SUMMARY:test123")
        #expect(try starts(ended, from: "2023-09-30T00:00:00Z") == [])
        // With an RDATE, that date still counts.
        let dated = ended.replacingOccurrences(of: "SUMMARY", with: "RDATE;VALUE=DATE:20231016\r\nSUMMARY")
        #expect(try starts(dated, from: "2023-09-30T00:00:00Z") == ["2023-10-15T22:00:00Z"])
    }

    /// recurring-ical-events `issue_148_edge_case_1.ics` and `issue_163_deleted_modification.ics`: a
    /// later master (higher SEQUENCE) whose EXDATE removes an instance drops the older override of it.
    @Test func aLaterMastersEXDATEWithdrawsAnOlderOverride() throws {
        let rule = "RRULE:FREQ=WEEKLY;UNTIL=20240801;INTERVAL=2;BYDAY=MO"
        let master = { (sequence: Int, extra: String) in
            Self.event(
                "UID:111", "DTSTAMP:20240707T214014Z", "DTSTART;VALUE=DATE:20240701", "DTEND;VALUE=DATE:20240708",
                rule, extra, "SEQUENCE:\(sequence)", "SUMMARY:test123")
        }
        let override = { (sequence: Int) in
            Self.event(
                "UID:111", "RECURRENCE-ID;VALUE=DATE:20240715", "DTSTAMP:20240707T214014Z",
                "DTSTART;VALUE=DATE:20240702", "DTEND;VALUE=DATE:20240709", "SEQUENCE:\(sequence)",
                "SUMMARY:test123 - edited")
        }
        let withdrawn = master(1, "CATEGORIES:other") + override(2) + master(3, "EXDATE;VALUE=DATE:20240715")
        #expect(
            try starts(withdrawn, from: "2024-06-30T00:00:00Z") == ["2024-06-30T22:00:00Z", "2024-07-28T22:00:00Z"])
        // An override as new as its master is an edit made after the exclusion: it stays.
        let edited = master(3, "EXDATE;VALUE=DATE:20240715") + override(3)
        #expect(try starts(edited, from: "2024-06-30T00:00:00Z").contains("2024-07-01T22:00:00Z"))
    }
}
