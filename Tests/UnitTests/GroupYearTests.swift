import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `GroupYear`: a group's year so far against last year to the end of the same month.
@Suite("A group's year")
struct GroupYearTests {
    static func event(_ day: String, going: Int? = nil, cancelled: Bool = false) -> ArchivedEvent {
        ArchivedEvent(
            id: day, title: day,
            start: ZonedDate(date: ISO8601.parseDateTime(day + "T18:00:00Z")!.date, utcOffsetSeconds: 0),
            going: going, isCancelled: cancelled)
    }

    @Test func thisYearAgainstLastToTheEndOfTheSameMonth() throws {
        let now = ISO8601.parseDateTime("2026-05-10T12:00:00Z")!.date
        let past = [
            // Last year: April counts (to the end of May), June does not.
            Self.event("2025-04-01", going: 10), Self.event("2025-06-01", going: 99),
            // This year: two in March, one in May, a cancelled one left out.
            Self.event("2026-03-01", going: 5), Self.event("2026-03-20", going: 7), Self.event("2026-05-02"),
            Self.event("2026-02-01", going: 50, cancelled: true),
        ]
        let year = try #require(GroupYear(past: past, now: now, zone: .gmt))
        #expect(year.year == 2026 && year.throughMonth == 5)
        #expect(year.events == 3 && year.going == 12 && year.eventsLastYear == 1 && year.goingLastYear == 10)
        #expect(year.busiestMonths.map(\.month) == [3, 5])
    }

    @Test func aGroupWithNothingInEitherYearHasNoYear() {
        let now = ISO8601.parseDateTime("2026-05-10T12:00:00Z")!.date
        #expect(GroupYear(past: [Self.event("2020-01-01")], now: now, zone: .gmt) == nil)
    }
}
