import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `ChapterHealth` against a record worked by hand: now is 1 Dec 2026 (UTC), the window the
/// six months from 1 Jun 2026, a year ago 1 Dec 2025.
@Suite("Chapter health")
struct ChapterHealthTests {
    static func event(
        _ id: String, _ day: String, group: String, network: String? = nil, cancelled: Bool = false
    ) -> ArchivedEvent {
        RecordReportsTests.event(id, day, group: group, network: network, cancelled: cancelled)
    }
    static let now = ISO8601.parseDateTime("2026-12-01T00:00:00Z")!.date

    static let record = CommunityRecord(
        events: [
            // Group 1: since 2020, 3 events in the window (one of them the network event).
            event("a", "2020-01-10", group: "1"), event("b", "2026-07-01", group: "1"),
            event("c", "2026-08-01", group: "1"), event("iwd1", "2026-11-08", group: "1", network: "iwd"),
            // Group 2: founded this quarter, its first event in November.
            event("n", "2026-11-20", group: "2"),
            // Group 3: the network event's other host, and an event in March: 1 in the window.
            event("d", "2026-03-01", group: "3"), event("iwd2", "2026-11-08", group: "3", network: "iwd"),
            // Group 4: last event 8 months ago; group 5: 20 months ago; group 6: only a cancelled one.
            event("e", "2024-05-01", group: "4"), event("f", "2026-04-01", group: "4"),
            event("g", "2025-04-01", group: "5"),
            event("x", "2026-10-01", group: "6", cancelled: true),
        ], groups: [])

    static let health = RecordReports(record: record, now: now, zone: TimeZone(identifier: "UTC")!).health()

    @Test func activeAndInactiveGroupsAreSplitByTheWindowAndTheYear() {
        // Groups 1–5 (6 held only a cancelled event): active 1, 2, 3; inactive 4 (8 months), 5 (20).
        #expect(Self.health.groups.count == 5)
        #expect(Set(Self.health.active.map(\.key)) == ["id:1", "id:2", "id:3"])
        #expect(Self.health.inactiveUnderAYear.map(\.key) == ["id:4"])
        #expect(Self.health.inactiveOverAYear.map(\.key) == ["id:5"])
        #expect(Self.health.share(3) == 60)
        // April 2025 to December 2026: twenty calendar months.
        #expect(Self.health.monthsSince(Self.health.inactiveOverAYear[0].last) == 20)
    }

    @Test func theBusiestAndTheMedianCountEachHostOfANetworkEvent() {
        // In the window: group 1 has b, c, iwd = 3; group 3 has iwd = 1; group 2 has n = 1.
        #expect(Self.health.groups.first?.key == "id:1" && Self.health.groups.first?.recent == 3)
        #expect(Self.health.medianPerActive == 1)
        #expect(Self.health.meanPerActive.map { ($0 * 100).rounded() } == 167)
    }

    @Test func monthsCountANetworkEventOnceAndEndWithTheMonthUnderWay() {
        let months = Self.health.months
        #expect(months.count == 12 && months.first?.label == "2026-01" && months.last?.label == "2026-12")
        // November: iwd once, n = 2; March: d; April: f; July: b; August: c.
        #expect(months.first { $0.label == "2026-11" }?.count == 2)
        #expect(months.map(\.count).reduce(0, +) == 6)
    }

    @Test func ageMeetsActivity() {
        let table = Self.health.maturityAgainstActivity
        #expect(table[.new]?[.few] == 1, "group 2, founded this quarter")
        #expect(table[.established]?[.some] == 1, "group 1, 3 in the window")
        #expect(table[.growing]?[.few] == 1, "group 3, first event 9 months ago, 1 in the window")
        #expect(table[.established]?[.none] == 1 && table[.growing]?[.none] == 1, "groups 4 and 5")
    }

    @Test func theTrendLeavesTheMonthUnderWayOut() {
        let rising = ChapterHealth(
            entries: CommunityRecord.entries(
                (1...11).flatMap { month in
                    (0..<month).map { Self.event("m\(month)-\($0)", String(format: "2026-%02d-02", month), group: "1") }
                }), now: Self.now, zone: TimeZone(identifier: "UTC")!, windowMonths: 6)
        #expect(rising.trendPerMonth.map { ($0 * 100).rounded() } == 100, "one more event each month")
    }
}
