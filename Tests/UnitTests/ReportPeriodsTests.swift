import Foundation
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `ReportPeriods`: the months the reports count in, and what that means for a nightly site:
/// a day that passes without an event rewrites no report.
@Suite("Report periods")
struct ReportPeriodsTests {
    static let periods = ReportPeriods(now: ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date, zone: .gmt)

    @Test func periodsEndWithTheOneUnderWayOrBeforeIt() {
        #expect(Self.periods.periods(count: 3, months: 1).map(\.label) == ["2026-09", "2026-10", "2026-11"])
        #expect(Self.periods.periods(count: 2, months: 3, back: 1).map(\.label) == ["2026 Q2", "2026 Q3"])
        let closed = Self.periods.closedMonths(12)
        #expect(closed.label == "2025-11 to 2026-10")
        #expect(closed.start == ISO8601.parseDateTime("2025-11-01T00:00:00Z")!.date)
        #expect(closed.end == ISO8601.parseDateTime("2026-11-01T00:00:00Z")!.date)
        let toDate = Self.periods.monthsToDate(6)
        #expect(toDate.label == "2026-05 to 2026-11 (to date)")
        #expect(toDate.start == ISO8601.parseDateTime("2026-05-01T00:00:00Z")!.date && toDate.end == Self.periods.now)
        #expect(Self.periods.monthsSince(ISO8601.parseDateTime("2025-11-30T23:00:00Z")!.date) == 12)
    }

    /// A busy record (an event every day for three years, the last two days ago): the night
    /// after, with nothing new, every report is the same file. With windows of "the last 12
    /// months" counted back from the moment, an event left a window each night and the
    /// reports changed with it.
    @Test func aDayWithoutAnEventRewritesNoReport() throws {
        var input = RenderMemoTests.baseInput()
        let night = input.generatedAt
        let past = (2..<(3 * 365)).map { day in
            ArchivedEvent(
                id: "d\(day)", title: day % 3 == 0 ? "Shiny workshop \(day)" : "Talk \(day)",
                start: ZonedDate(date: night.addingTimeInterval(-Double(day) * 86_400), utcOffsetSeconds: 3600),
                group: ArchivedGroupRef(id: "\(day % 9)", urlname: "g\(day % 9)", name: "Group \(day % 9)"),
                isOnline: day % 5 == 0, city: day % 5 == 0 ? nil : "Berlin", country: day % 5 == 0 ? nil : "de",
                going: day % 40, latitude: 52.5, longitude: 13.4)
        }
        input.record = CommunityRecord(events: past, groups: input.record?.groups ?? [])
        let first = try GroupPagesTests.rendered(input).filter { $0.key.hasPrefix("reports/") }
        input.generatedAt = night.addingTimeInterval(86_400)
        let second = try GroupPagesTests.rendered(input).filter { $0.key.hasPrefix("reports/") }
        #expect(first.count > 20 && Set(first.keys) == Set(second.keys))
        let changed = first.keys.filter { first[$0] != second[$0] }.sorted()
        #expect(changed.isEmpty, "rewritten: \(changed)")
    }
}
