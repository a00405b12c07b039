import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `EventsSummary` against events worked by hand; now is 15 Dec 2026 12:00 UTC, so the window is
/// the 12 closed months from December 2025 to November 2026.
@Suite("Events summary")
struct EventsSummaryTests {
    static let now = ISO8601.parseDateTime("2026-12-15T12:00:00Z")!.date

    static func event(
        _ id: String, _ start: String, offset: Int = 0, hours: Double? = 2, online: Bool = false,
        hybrid: Bool = false, group: String = "1", network: String? = nil
    ) -> ArchivedEvent {
        let date = ISO8601.parseDateTime(start)!.date
        return ArchivedEvent(
            id: id, title: id, start: ZonedDate(date: date, utcOffsetSeconds: offset),
            end: hours.map { date.addingTimeInterval($0 * 3_600) },
            group: ArchivedGroupRef(id: group, urlname: "g" + group, name: "Group " + group), networkEventID: network,
            isOnline: online, isHybrid: hybrid, city: online ? nil : "Lagos", country: online ? nil : "ng")
    }

    static let summary = RecordReports(
        record: CommunityRecord(
            events: [
                // Sunday 23:30 UTC, +02:00 where it took place: Monday 01:30 there, at night.
                event("a", "2026-11-01T23:30:00Z", offset: 7_200, hours: 0.5),
                // Saturday 10:00 UTC in Lagos (+01:00): a Saturday morning, online.
                event("b", "2026-10-10T10:00:00Z", offset: 3_600, hours: 3.5, online: true),
                // A network event in two groups, once; hybrid; no end.
                event("n1", "2026-06-03T17:00:00Z", hours: nil, hybrid: true, group: "1", network: "n"),
                event("n2", "2026-06-03T17:00:00Z", hours: nil, hybrid: true, group: "2", network: "n"),
                // Over a year ago: in the months, not in the window.
                event("old", "2025-06-01T18:00:00Z"),
            ], groups: []),
        now: now, zone: TimeZone(identifier: "UTC")!
    ).eventsSummary

    @Test func theWindowCountsANetworkEventOnceAndEachFormat() {
        #expect(Self.summary.window.label == "2025-12 to 2026-11")
        #expect(Self.summary.count == 3)
        #expect(Self.summary.count(.inPerson) == 1 && Self.summary.count(.online) == 1)
        #expect(Self.summary.count(.hybrid) == 1)
        #expect(Self.summary.groupsHosting == 2)
    }

    @Test func daysAndHoursAreWhereTheEventTookPlace() {
        // Monday (a), Saturday (b), Wednesday (n).
        #expect(Self.summary.weekdays == [1, 0, 1, 0, 0, 1, 0])
        #expect(Self.summary.weekendShare.rounded() == 33)
        #expect(Self.summary.partsOfDay[.night] == 1 && Self.summary.partsOfDay[.morning] == 1)
        #expect(Self.summary.partsOfDay[.evening] == 1)
    }

    @Test func lengthsOfTheEventsThatSayWhenTheyEnd() {
        #expect(Self.summary.durations.sorted() == [1_800, 12_600])
        #expect(Self.summary.medianDuration == 7_200 && Self.summary.meanDuration == 7_200)
        #expect(Self.summary.lengths[.underAnHour] == 1 && Self.summary.lengths[.longer] == 1)
    }

    @Test func monthsAndQuartersEndWithTheOneUnderWay() {
        #expect(Self.summary.months.count == 24 && Self.summary.months.last?.label == "2026-12")
        #expect(Self.summary.months.first?.label == "2025-01")
        #expect(Self.summary.months.first { $0.label == "2025-06" }?.count == 1)
        #expect(Self.summary.busiestMonth?.count == 1 && Self.summary.quietestMonth?.count == 0)
        #expect(Self.summary.quarters.last?.label == "2026 Q4" && Self.summary.quarters.count == 8)
        // 2026 Q4: a (in person) and b (online): half online.
        #expect(Self.summary.quarters.last?.onlineShare == 50)
    }
}
