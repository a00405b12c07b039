import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `GeographySummary` against a record worked by hand: now is 1 Jan 2026 (UTC), the last 12
/// months from 1 Jan 2025, the 12 before from 1 Jan 2024.
@Suite("Geography summary")
struct GeographySummaryTests {
    static func event(
        _ id: String, _ day: String, group: String, country: String? = "ng", city: String? = "Lagos",
        online: Bool = false, going: Int? = nil, at point: (Double, Double)? = nil, network: String? = nil
    ) -> ArchivedEvent {
        ArchivedEvent(
            id: id, title: id,
            start: ZonedDate(date: ISO8601.parseDateTime(day + "T18:00:00Z")!.date, utcOffsetSeconds: 0),
            group: ArchivedGroupRef(id: group, urlname: "g" + group, name: "Group " + group), networkEventID: network,
            isOnline: online, city: online ? nil : city, country: online ? nil : country, going: going,
            latitude: point?.0, longitude: point?.1)
    }

    static let now = ISO8601.parseDateTime("2026-01-01T00:00:00Z")!.date
    static let record = CommunityRecord(
        events: [
            // Group 1, Lagos: one before, three in the year (one online, counted in Nigeria), two places.
            event("a", "2024-06-01", group: "1", going: 10),
            event("b", "2025-02-01", group: "1", going: 20, at: (6.45, 3.39)),
            event("c", "2025-03-01", group: "1", online: true, going: 30),
            event("d", "2025-04-01", group: "1", going: 5, at: (6.52, 3.37)),
            // Group 2, Nairobi (as the record's groups say, though it never met in person).
            event("e", "2025-05-01", group: "2", online: true, going: 8),
            // A network event of groups 1 and 3 (Berlin): once in Nigeria, once in Germany.
            event("iwd1", "2025-03-08", group: "1", going: 4, at: (6.45, 3.39), network: "iwd"),
            event("iwd2", "2025-03-08", group: "3", country: "de", city: "Berlin", going: 6, network: "iwd"),
        ],
        groups: [
            ArchivedGroup(key: "id:2", urlname: "g2", name: "Group 2", country: "ke", firstSeen: now, lastSeen: now)
        ])

    static let geography = RecordReports(record: record, now: now, zone: .gmt).geography(groups: record.groups)

    @Test func formatsPerRegionCountOnlineEventsWhereTheirGroupIs() {
        let west = Self.geography.regions.first { $0.name == "Western Africa" }
        #expect(west?.inPerson == 3 && west?.online == 1 && west?.groups == 1)
        let east = Self.geography.regions.first { $0.name == "Eastern Africa" }
        #expect(east?.online == 1 && east?.inPerson == 0, "group 2's country is the record's")
        #expect(Self.geography.regions.first { $0.name == "Western Europe" }?.events == 1)
        #expect(Self.geography.regions.first?.name == "Western Africa")
    }

    @Test func growthSetsTheYearAgainstTheOneBefore() {
        let nigeria = Self.geography.growth.first { $0.code == "NG" }
        #expect(nigeria?.name == "Nigeria")
        #expect(nigeria?.eventsBefore == 1 && nigeria?.events == 4 && nigeria?.eventsChange == 300)
        #expect(nigeria?.activeGroups == 1 && Self.geography.growth.first { $0.code == "DE" }?.activeGroups == 1)
        // The network event's going is both copies' (4 + 6), in each country it was in.
        #expect(nigeria?.going == 20 + 30 + 5 + 10 && nigeria?.goingBefore == 10)
        #expect(Self.geography.growth.first { $0.code == "KE" }?.eventsChange == nil, "nothing to change from")
    }

    @Test func placesPerGroupAreItsVenuesAndCities() {
        let one = Self.geography.venues.first { $0.name == "Group 1" }
        #expect(one == GeographySummary.Venues(name: "Group 1", urlname: "g1", events: 3, places: 2, cities: 1))
        #expect(Self.geography.venues.first?.name == "Group 1")
        #expect(!Self.geography.venues.contains { $0.name == "Group 2" }, "online only: no place")
    }
}
