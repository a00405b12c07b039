import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `QuarterReview` against a record worked by hand: now is 10 Jan 2027, so the quarter reviewed
/// is 2026 Q4, against 2026 Q3 and 2025 Q4.
@Suite("Quarter review")
struct QuarterReviewTests {
    static func event(
        _ id: String, _ day: String, group: String, urlname: String? = nil, network: String? = nil,
        online: Bool = false
    ) -> ArchivedEvent {
        ArchivedEvent(
            id: id, title: id,
            start: ZonedDate(date: ISO8601.parseDateTime(day + "T18:00:00Z")!.date, utcOffsetSeconds: 0),
            group: ArchivedGroupRef(id: group, urlname: urlname ?? "g" + group, name: "Group " + group),
            networkEventID: network, isOnline: online, city: "Lagos", country: online ? nil : "ng")
    }

    static let now = ISO8601.parseDateTime("2027-01-10T00:00:00Z")!.date

    static func review(_ events: [ArchivedEvent]) -> QuarterReview {
        RecordReports(record: CommunityRecord(events: events, groups: []), now: now, zone: .gmt).quarterReview
    }

    static let review = review([
        // Group 1: in 2025 Q4, 2026 Q3 and Q4 (continuing), renamed in Q4 (same id: one group).
        event("a", "2025-11-01", group: "1"), event("b", "2026-08-01", group: "1"),
        event("c", "2026-11-01", group: "1", urlname: "g1-renamed"),
        // Group 2: events in 2025, none in Q3, one in Q4: returning.
        event("d", "2025-10-01", group: "2"), event("e", "2026-12-01", group: "2", online: true),
        // Group 3: founded in Q4. Group 4: active in Q3 only: now inactive.
        event("f", "2026-10-15", group: "3"), event("g", "2026-09-01", group: "4"),
        // A network event in groups 1 and 3 in Q4: once in the totals, once for each host.
        event("n1", "2026-12-10", group: "1", network: "n"), event("n2", "2026-12-10", group: "3", network: "n"),
    ])

    @Test func eventsAndActiveGroupsAgainstTheQuarterBeforeAndTheYearBefore() {
        #expect(Self.review.current.label == "2026 Q4" && Self.review.previous.label == "2026 Q3")
        #expect(Self.review.yearEarlier.label == "2025 Q4")
        // Q4: c, e, f, the network event = 4; Q3: b, g = 2; 2025 Q4: a, d = 2.
        #expect(Self.review.current.events == 4 && Self.review.previous.events == 2)
        #expect(Self.review.yearEarlier.events == 2)
        #expect(Self.review.current.groups.count == 3 && Self.review.previous.groups.count == 2)
        #expect(QuarterReview.change(4, from: 2) == 100 && QuarterReview.change(3, from: 0) == nil)
    }

    @Test func groupsAreNewReturningContinuingOrNowInactive() {
        #expect(Self.review.newGroups.map(\.key) == ["id:3"])
        #expect(Self.review.returningGroups.map(\.key) == ["id:2"])
        #expect(Self.review.continuingGroups.map(\.key) == ["id:1"])
        #expect(Self.review.nowInactiveGroups.map(\.key) == ["id:4"])
        // Busiest: group 1 has c and the network event, group 3 f and it: 2 each; group 2 one.
        #expect(Self.review.busiest.map(\.events) == [2, 2, 1])
    }

    @Test func regionsCountANetworkEventOnceAndOnlineApart() {
        let regions = Dictionary(uniqueKeysWithValues: Self.review.regions.map { ($0.name, $0.events) })
        #expect(regions == ["Western Africa": 3, "Online": 1])
    }

    @Test func aQuarterWithNoEventsIsAllZeroes() {
        let empty = Self.review([Self.event("old", "2024-01-01", group: "9")])
        #expect(empty.current.events == 0 && empty.newGroups.isEmpty && empty.nowInactiveGroups.isEmpty)
        #expect(empty.regions.isEmpty && empty.busiest.isEmpty)
    }
}

extension QuarterReviewTests {
    /// Issue 63: the quarter's formats, months and days, as R-Ladies' quarterly summary shows them.
    @Test func theQuartersFormatsMonthsAndDays() {
        #expect(Self.review.count(.inPerson, in: Self.review.current) == 3)
        #expect(Self.review.count(.online, in: Self.review.current) == 1)
        #expect(Self.review.count(.online, in: Self.review.previous) == 0)
        #expect(Self.review.months.map(\.label) == ["2026-10", "2026-11", "2026-12"])
        #expect(Self.review.months.map(\.count) == [1, 1, 2])
        // f and the network event on Thursdays, e on a Tuesday, c on a Sunday.
        #expect(Self.review.weekdays == [0, 1, 0, 2, 0, 0, 1])
    }
}
