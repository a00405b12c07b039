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

/// The calendar reader on what real and hostile feeds hold: rules that never match, folded
/// nesting, zone rules, revisions, all-day dates, the whole recurrence set.
@Suite("iCalendar feeds: hostile rules, revisions, recurrence sets")
struct CalendarRecurrenceTests {
    static let calendar = CalendarParserTests.calendar
    static let berlin = CalendarParserTests.berlin

    func parse(
        _ events: String, from: String = "2026-11-22T08:00:00Z", days: Double = 60,
        seconds: Double = CalendarParser.documentSeconds
    ) throws(FetchError) -> CalendarParser.Parsed {
        let window = DateInterval(start: ISO8601.parseDateTime(from)!.date, duration: days * 86_400)
        return try CalendarParser.parse(
            CalendarParserTests.feed(events), calendar: Self.calendar, window: window,
            timeZone: Self.berlin, seconds: seconds)
    }

    static let fine = "BEGIN:VEVENT\r\nUID:fine\r\nDTSTART:20261201T180000Z\r\nSUMMARY:Fine\r\nEND:VEVENT\r\n"

    /// 29.2: libical loops inside one iterator step until the year 2582 for a rule that never matches.
    @Test func aRuleThatNeverMatchesCostsItsEventNotTheRun() throws {
        let never =
            "BEGIN:VEVENT\r\nUID:never\r\nDTSTART:20261122T090000Z\r\n"
            + "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\nSUMMARY:Never\r\nEND:VEVENT\r\n"
        let started = ContinuousClock.now
        let parsed = try parse(never + Self.fine)
        #expect(ContinuousClock.now - started < .seconds(30), "bounded by the per-event limit")
        #expect(parsed.events.map(\.title) == ["Fine"], "the rest of the calendar is read")
        #expect(
            parsed.warnings.contains { $0.contains("1 recurring event left out: its rule took longer than 2 s") },
            "\(parsed.warnings)")
    }

    /// A slow event ends its worker and the next worker reads the document without it: jumping
    /// out of libical mid-event (until issue 64) could leave a malloc half done, and a later
    /// allocation aborted the worker, on CI, with the Swift crash report of the whole process.
    @Test func eachSlowEventEndsItsWorkerAndTheNextStartsClean() {
        let never = (1...2).map { index in
            "BEGIN:VEVENT\r\nUID:never\(index)\r\nDTSTART:20261122T090000Z\r\n"
                + "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\nSUMMARY:Never\r\nEND:VEVENT\r\n"
        }
        let data = CalendarParserTests.feed(never[0] + Self.fine + never[1])
        var result = mr_ical_result()
        defer { mr_ical_free(&result) }
        let status = "UTC".withCString { zone in
            var limits = mr_ical_limits(
                window_start: 1_795_000_000, window_end: 1_800_000_000, fallback_zone: zone,
                max_occurrences: 100, max_iterations: 1_000, max_depth: 8, event_seconds: 0.2,
                total_seconds: 30, memory_bytes: CalendarParser.memoryBytes)
            return data.withUnsafeBytes { buffer in
                mr_ical_expand(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, &limits, &result)
            }
        }
        #expect(status == 0)
        #expect(result.readers == 3, "one worker ended by each slow event, then the one that finished")
        #expect(result.slow_events == 2)
        #expect(result.count == 1, "the event between them is read")
    }

    /// Past 64 slow events the document is refused, and the reason says so (not memory).
    @Test func moreSlowEventsThanWorkersAreSaidForWhatTheyAre() {
        let never = (1...65).map { index in
            "BEGIN:VEVENT\r\nUID:never\(index)\r\nDTSTART:20261122T090000Z\r\n"
                + "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\nSUMMARY:Never\r\nEND:VEVENT\r\n"
        }.joined()
        let data = CalendarParserTests.feed(never)
        var result = mr_ical_result()
        defer { mr_ical_free(&result) }
        let status = "UTC".withCString { zone in
            var limits = mr_ical_limits(
                window_start: 1_795_000_000, window_end: 1_800_000_000, fallback_zone: zone,
                max_occurrences: 100, max_iterations: 1_000, max_depth: 8, event_seconds: 0.01,
                total_seconds: 30, memory_bytes: CalendarParser.memoryBytes)
            return data.withUnsafeBytes { buffer in
                mr_ical_expand(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, &limits, &result)
            }
        }
        let reason = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #expect(status != 0)
        #expect(result.readers == 65)
        #expect(reason == "more than 64 of its recurring events each took longer than 0.01 s", "\(reason)")
    }

    /// 29.2: the whole document is bounded by the time it is given (the run's time left).
    @Test func aDocumentStopsAtItsDeadline() {
        let never = (1...5).map { index in
            "BEGIN:VEVENT\r\nUID:never\(index)\r\nDTSTART:20261122T090000Z\r\n"
                + "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\nSUMMARY:Never\r\nEND:VEVENT\r\n"
        }.joined()
        let started = ContinuousClock.now
        #expect(
            throws: FetchError.calendar(
                query: "tu-talks", reason: "reading it took longer than 1 s, the limit for one calendar")
        ) {
            try parse(never, seconds: 1)
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// 29.3: "BEGIN" folded across lines is a BEGIN; 450,000 of them crashed libical's free.
    @Test func foldedBeginsCountTowardsTheNestingLimit() {
        let deep = String(repeating: "BEG\r\n IN:X\r\n", count: 450_000)
        #expect(throws: FetchError.calendar(query: "tu-talks", reason: "components nested deeper than 8 levels")) {
            try parse(deep)
        }
        #expect(mr_nesting("BEGIN:VCALENDAR\r\nB\r\n\tEGIN:VEVENT\r\nBEGIN\r\n :VALARM\r\nEND:VALARM\r\n") == 3)
        #expect(mr_nesting("BEGIN:A\nBEGIN:B\nEND:B\nBEGIN:C\n") == 2, "LF alone ends a line too")
    }

    func mr_nesting(_ text: String) -> Int {
        Int(text.withCString { mr_ical_nesting_depth($0, strlen($0)) })
    }

    /// 29.4: a zone whose DAYLIGHT rule repeats every minute cost 437 s and 2.7 GiB.
    @Test func aZoneRuleRepeatingWithinADayIsRefused() throws {
        let zone =
            "BEGIN:VTIMEZONE\r\nTZID:Hostile\r\nBEGIN:DAYLIGHT\r\nDTSTART:19700101T000000\r\n"
            + "RRULE:FREQ=MINUTELY\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\n"
            + "BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"
            + "END:VTIMEZONE\r\n"
        let event = "BEGIN:VEVENT\r\nUID:z\r\nDTSTART;TZID=Hostile:20261201T180000\r\nSUMMARY:Zoned\r\nEND:VEVENT\r\n"
        let started = ContinuousClock.now
        let parsed = try parse(zone + event)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(
            parsed.events.map { CalendarParserTests.local($0) } == ["2026-12-01 18:00 +01"], "read in the site's zone")
        #expect(
            parsed.warnings.contains { $0.hasPrefix("1 time zone ignored: a rule that repeats more often than daily") },
            "\(parsed.warnings)")
    }

    /// 29.6: a Thunderbird export with two revisions of one event.
    @Test func theLatestRevisionOfAnEventIsTheEvent() throws {
        let parsed = try parse(
            "BEGIN:VEVENT\r\nUID:rev\r\nSEQUENCE:1\r\nDTSTAMP:20261101T100000Z\r\nDTSTART:20261203T180000Z\r\nSUMMARY:Moved\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:rev\r\nSEQUENCE:0\r\nDTSTAMP:20261102T100000Z\r\nDTSTART:20261202T180000Z\r\nSUMMARY:First\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:stamp\r\nDTSTAMP:20261101T100000Z\r\nDTSTART:20261204T180000Z\r\nSUMMARY:Older\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:stamp\r\nLAST-MODIFIED:20261105T100000Z\r\nDTSTART:20261204T180000Z\r\nSUMMARY:Newer\r\nEND:VEVENT\r\n"
        )
        #expect(parsed.events.map(\.title) == ["Moved", "Newer"])
        #expect(Set(parsed.events.map(\.id)).count == 2)
    }

    /// 29.6: without a UID, two events at the same moment are two events, both titles kept.
    @Test func eventsWithoutAUIDKeepTheirOwnIDs() throws {
        let parsed = try parse(
            "BEGIN:VEVENT\r\nDTSTART:20261203T180000Z\r\nSUMMARY:One\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nDTSTART:20261203T180000Z\r\nSUMMARY:Two\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nDTSTART:20261203T180000Z\r\nSUMMARY:Two\r\nEND:VEVENT\r\n")
        #expect(parsed.events.map(\.title).sorted() == ["One", "Two", "Two"])
        #expect(Set(parsed.events.map(\.id)).count == 3, "\(parsed.events.map(\.id))")
    }

    /// 29.8: all-day events are calendar dates, not 86,400-second steps at the start's offset.
    @Test func allDayEventsAroundDaylightSavingChangesKeepTheirDays() throws {
        let parsed = try parse(
            "BEGIN:VEVENT\r\nUID:spring\r\nDTSTART;VALUE=DATE:20270328\r\nDTEND;VALUE=DATE:20270329\r\nSUMMARY:Spring\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:two\r\nDTSTART;VALUE=DATE:20270327\r\nDTEND;VALUE=DATE:20270329\r\nSUMMARY:Two days\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:autumn\r\nDTSTART;VALUE=DATE:20261025\r\nSUMMARY:Autumn\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:weekly\r\nDTSTART;VALUE=DATE:20270321\r\nDURATION:P1D\r\nRRULE:FREQ=WEEKLY;COUNT=2\r\n"
                + "SUMMARY:Weekly\r\nEND:VEVENT\r\n",
            from: "2026-10-20T00:00:00Z", days: 200)
        let formatting = EventFormatting(siteTimeZone: Self.berlin, language: .english)
        let byTitle = Dictionary(parsed.events.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        let days = parsed.events.map {
            "\($0.title) " + EventFormatting.allDayDates(of: $0).start + "-" + EventFormatting.allDayDates(of: $0).end
        }
        #expect(
            days.sorted() == [
                "Autumn 20261025-20261026", "Spring 20270328-20270329", "Two days 20270327-20270329",
                "Weekly 20270321-20270322", "Weekly 20270328-20270329",
            ])
        let autumn = try #require(byTitle["Autumn"]), two = try #require(byTitle["Two days"])
        #expect(formatting.timeUnderDayHeading(of: autumn) == "All day", "a 25-hour day is one day")
        #expect(formatting.eventTime(of: two) == "Sat 27 Mar – Sun 28 Mar, all day")
        #expect(formatting.timeUnderDayHeading(of: two) == "All day, until Sun 28 Mar")
        let spring = try #require(byTitle["Spring"])
        let ics = ICalendar.event(spring, stamp: Date(timeIntervalSince1970: 0), excerpt: "", language: .english)
        #expect(ics.contains("DTSTART;VALUE=DATE:20270328\r\nDTEND;VALUE=DATE:20270329\r\n"), "\(ics)")
    }

    /// 29.9: RANGE=THISANDFUTURE changes that instance and every later one; two RRULEs are a union.
    @Test func thisAndFutureOverridesAndSeveralRulesMakeTheRecurrenceSet() throws {
        let parsed = try parse(
            "BEGIN:VEVENT\r\nUID:w\r\nDTSTART:20261201T170000Z\r\nDTEND:20261201T180000Z\r\nRRULE:FREQ=WEEKLY;COUNT=5\r\n"
                + "SUMMARY:Talk\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:w\r\nRECURRENCE-ID;RANGE=THISANDFUTURE:20261215T170000Z\r\nDTSTART:20261215T180000Z\r\n"
                + "DTEND:20261215T190000Z\r\nSUMMARY:Talk (new room)\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:two-rules\r\nDTSTART:20261130T170000Z\r\nRRULE:FREQ=WEEKLY;COUNT=2\r\n"
                + "RRULE:FREQ=WEEKLY;COUNT=2;BYDAY=TH\r\nSUMMARY:Twice a week\r\nEND:VEVENT\r\n")
        let talks = parsed.events.filter { $0.title.hasPrefix("Talk") }.map {
            "\(CalendarParserTests.local($0)) \($0.title)"
        }
        #expect(
            talks == [
                "2026-12-01 17:00 +00 Talk", "2026-12-08 17:00 +00 Talk", "2026-12-15 18:00 +00 Talk (new room)",
                "2026-12-22 18:00 +00 Talk (new room)", "2026-12-29 18:00 +00 Talk (new room)",
            ])
        let later = try #require(parsed.events.first { CalendarParserTests.local($0).hasPrefix("2026-12-22") })
        #expect(later.end.map { $0.date.timeIntervalSince(later.start.date) } == 3_600)
        let twice = parsed.events.filter { $0.title == "Twice a week" }.map { CalendarParserTests.local($0) }
        #expect(
            twice == ["2026-11-30 17:00 +00", "2026-12-03 17:00 +00", "2026-12-07 17:00 +00", "2026-12-10 17:00 +00"],
            "DTSTART, two Mondays and two Thursdays (as recurring-ical-events counts them)")
        #expect(Set(parsed.events.map(\.id)).count == parsed.events.count)
    }

    /// 29.10: RDATE as dates, date-times in a zone and periods.
    @Test func rdatesAreExpanded() throws {
        let parsed = try parse(
            "BEGIN:VEVENT\r\nUID:r\r\nDTSTART;TZID=Europe/Berlin:20261201T180000\r\nDURATION:PT2H\r\n"
                + "RDATE;TZID=Europe/Berlin:20261205T100000,20261212T100000\r\n"
                + "RDATE;VALUE=PERIOD:20261219T090000Z/20261219T120000Z\r\nEXDATE;TZID=Europe/Berlin:20261212T100000\r\n"
                + "SUMMARY:Sessions\r\nEND:VEVENT\r\n")
        #expect(
            parsed.events.map { CalendarParserTests.local($0) }
                == ["2026-12-01 18:00 +01", "2026-12-05 10:00 +01", "2026-12-19 10:00 +01"])
        #expect(
            parsed.events.last?.end.map { Int($0.date.timeIntervalSince(parsed.events[2].start.date).rounded()) } == 3
                * 3_600,
            "a PERIOD has its own end")
    }
}
