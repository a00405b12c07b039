import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `YearReview` against a record worked by hand; now is 15 May 2026, so 2026 is under way.
@Suite("Year review")
struct YearReviewTests {
    static func event(_ id: String, _ day: String, group: String, network: String? = nil, online: Bool = false)
        -> ArchivedEvent
    {
        QuarterReviewTests.event(id, day, group: group, network: network, online: online)
    }
    static let now = ISO8601.parseDateTime("2026-05-15T12:00:00Z")!.date

    static let reports = RecordReports(
        record: CommunityRecord(
            events: [
                // 2025: group 1 twelve times (Jan–Dec), group 2 once in March, online.
                (1...12).map { Self.event("a\($0)", String(format: "2025-%02d-05", $0), group: "1") },
                [Self.event("b", "2025-03-10", group: "2", online: true)],
                // 2026 to date: group 1 in January and May; group 3 (new) in April; a network event in February.
                [
                    Self.event("c", "2026-01-05", group: "1"), Self.event("d", "2026-05-05", group: "1"),
                    Self.event("e", "2026-04-05", group: "3"),
                    Self.event("n1", "2026-02-05", group: "1", network: "n"),
                    Self.event("n2", "2026-02-05", group: "2", network: "n"),
                ],
            ].flatMap { $0 }, groups: []),
        now: now, zone: .gmt)

    @Test func aYearUnderWayEndsAtNowAndIsSetAgainstTheSameSpanBefore() {
        let review = Self.reports.review(of: 2026)
        // 2025's twelve months, then 2026's five: the events per month over two years.
        #expect(review.underWay && review.months.count == 17 && review.months.last?.label == "2026-05")
        #expect(review.months.first?.label == "2025-01" && review.lastMonth == 5)
        #expect(review.months.map(\.count) == [1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [1, 1, 0, 1, 1])
        // 2025 to the end of May: a1–a5 and b = 6 events, groups 1 and 2.
        #expect(review.yearBeforeToDate?.events == 6 && review.yearBeforeToDate?.groups == 2)
        #expect(review.formats.map(\.label) == ["2026 Q1", "2026 Q2"])
        #expect(review.formats[0].inPerson == 2 && review.formats[1].inPerson == 2)
        // 2024 Q1 … 2026 Q2: ten quarters; 2025 Q1 had groups 1 and 2.
        #expect(review.activePerQuarter.count == 10 && review.activePerQuarter[4] == ("2025 Q1", 2))
        #expect(review.groupsKnown == 3)
    }

    @Test func aFinishedYearHasItsBandsAndRegions() {
        let review = Self.reports.review(of: 2025)
        #expect(!review.underWay && review.months.count == 24 && review.yearBeforeToDate == nil)
        #expect(review.months.prefix(12).allSatisfy { $0.count == 0 }, "2024 had no event")
        #expect(review.bands[.busiest] == 1 && review.bands[.few] == 1 && review.bands[.busy] == nil)
        #expect(review.formats[0].online == 1 && review.formats.count == 4)
        let regions = Dictionary(uniqueKeysWithValues: review.regions.map { ($0.name, $0.events) })
        #expect(regions == ["Western Africa": 12, "Online": 1])
        #expect(review.groupsKnown == 2)
    }
}
