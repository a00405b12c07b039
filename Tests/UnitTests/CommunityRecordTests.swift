import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `CommunityRecord`: what is past, a network event counted once, counts per quarter. The
/// answers are worked out by hand below, not by the code under test.
@Suite("Community record")
struct CommunityRecordTests {
    static func event(_ id: String, _ day: String, group: String, network: String? = nil, going: Int? = nil)
        -> ArchivedEvent
    {
        ArchivedEvent(
            id: id, title: id,
            start: ZonedDate(date: ISO8601.parseDateTime(day + "T18:00:00Z")!.date, utcOffsetSeconds: 0),
            group: ArchivedGroupRef(id: group, urlname: "g-" + group, name: "Group " + group), networkEventID: network,
            going: going)
    }

    @Test func aNetworkEventIsOneEntryInEveryGroup() {
        let events = [
            Self.event("a1", "2025-03-08", group: "1", network: "iwd", going: 10),
            Self.event("a2", "2025-03-08", group: "2", network: "iwd", going: 15),
            Self.event("a3", "2025-03-08", group: "3", network: "iwd"),
            Self.event("b", "2025-03-09", group: "1", going: 4),
        ]
        let entries = CommunityRecord.entries(events)
        // Worked out: the three copies are one entry with groups 1, 2, 3 and 10 + 15 = 25 going; then b.
        #expect(entries.count == 2)
        #expect(entries[0].groups.map(\.id) == ["1", "2", "3"] && entries[0].going == 25)
        #expect(entries[1].event.id == "b" && entries[1].going == 4)
        #expect(CommunityRecord(events: events, groups: []).networkEventGroups == ["iwd": 3])
    }

    @Test func quartersCountEveryQuarterIncludingEmptyOnes() {
        let dates = ["2024-01-15", "2024-02-01", "2024-07-04", "2025-01-02"].map {
            ISO8601.parseDateTime($0 + "T12:00:00Z")!.date
        }
        let quarters = CommunityRecord.quarters(
            of: dates, through: ISO8601.parseDateTime("2025-05-01T00:00:00Z")!.date, in: TimeZone(identifier: "UTC")!)
        // 2024 Q1: 2, Q2: 0, Q3: 1, Q4: 0, 2025 Q1: 1, Q2: 0 (through May 2025).
        #expect(quarters.map(\.quarter) == ["2024 Q1", "2024 Q2", "2024 Q3", "2024 Q4", "2025 Q1", "2025 Q2"])
        #expect(quarters.map(\.count) == [2, 0, 1, 0, 1, 0])
    }

    @Test func pastIsBeforeTheReportsClockAndAYearIsTheSitesYear() {
        let record = CommunityRecord(
            events: [Self.event("new-year", "2025-12-31", group: "1"), Self.event("later", "2026-12-01", group: "1")],
            groups: [])
        #expect(record.past(at: ISO8601.parseDateTime("2026-01-01T00:00:00Z")!.date).map(\.id) == ["new-year"])
        // 31 Dec 2025 18:00 UTC is already 2026 in Auckland (UTC+13).
        let event = record.events[0]
        #expect(CommunityRecord.year(of: event.start.date, in: TimeZone(identifier: "Pacific/Auckland")!) == 2026)
        #expect(CommunityRecord.year(of: event.start.date, in: TimeZone(identifier: "UTC")!) == 2025)
    }
}
