import Foundation
@testable import MeetupModel
@testable import MeetupRender
import MeetupSupport
import Testing

/// `RecordReports` and the CSV it is written as: each figure against a small record whose
/// answers are worked out by hand here.
@Suite("Record reports")
struct RecordReportsTests {
    static func event(
        _ id: String, _ day: String, group: String, city: String? = "Lagos", country: String? = "ng",
        online: Bool = false, going: Int? = nil, network: String? = nil, cancelled: Bool = false
    ) -> ArchivedEvent {
        ArchivedEvent(
            id: id, title: id,
            start: ZonedDate(date: ISO8601.parseDateTime(day + "T18:00:00Z")!.date, utcOffsetSeconds: 0),
            group: ArchivedGroupRef(id: group, urlname: "g" + group, name: "Group " + group), networkEventID: network,
            isOnline: online, city: city, country: country, going: going, isCancelled: cancelled)
    }

    static let record = CommunityRecord(
        events: [
            event("a", "2024-02-01", group: "1", going: 10),
            event("b", "2024-05-01", group: "2", city: "Abuja", going: 20),
            event("c", "2024-09-01", group: "1", online: true, going: 30),
            event("iwd1", "2025-03-08", group: "1", going: 5, network: "iwd"),
            event("iwd2", "2025-03-08", group: "3", city: "Nairobi", country: "ke", going: 7, network: "iwd"),
            event("x", "2025-04-01", group: "2", cancelled: true),
            event("future", "2026-06-01", group: "1"),
        ], groups: [])

    static let reports = RecordReports(
        record: record, now: ISO8601.parseDateTime("2026-01-01T00:00:00Z")!.date, zone: TimeZone(identifier: "UTC")!)

    @Test func theYearsInNumbers() throws {
        // x, the one cancelled event, is counted apart, in its year.
        #expect(Self.reports.cancelledPerYear == [2025: 1])
        let years = Self.reports.years
        #expect(years.map(\.year) == [2024, 2025])
        // 2024: a, b, c = 3 events, 1 online, 60 went, median of 10/20/30 = 20, groups 1 and 2, countries: ng
        // (c is online: no place); new groups 1 and 2.
        let y2024 = years[0]
        #expect(y2024.events == 3 && y2024.online == 1 && y2024.going == 60 && y2024.medianGoing == 20)
        #expect(y2024.activeGroups == 2 && y2024.newGroups == 2 && y2024.countries == 1)
        // 2025: the network event once (x is cancelled): 1 event, 12 went, median 12, groups 1 and 3,
        // countries ng and ke, new group 3. Gone quiet (last event 180+ days before 2026-01-01):
        // group 2 in 2024 (b, May 2024); groups 1 and 3 in 2025 (March 2025).
        let y2025 = years[1]
        #expect(y2025.events == 1 && y2025.going == 12 && y2025.medianGoing == 12)
        #expect(y2025.activeGroups == 2 && y2025.newGroups == 1 && y2025.countries == 2)
        #expect(y2024.goneQuiet == 1 && y2025.goneQuiet == 2)
        #expect(y2025.busiest.first?.events == 1)
    }

    @Test func perQuarterActiveGroupsAndPlaces() {
        // Quarters 2024 Q1 … 2026 Q1 (through 1 Jan 2026): a Q1, b Q2, c Q3, iwd 2025 Q1.
        #expect(Self.reports.eventsPerQuarter().map(\.count) == [1, 1, 1, 0, 1, 0, 0, 0, 0])
        // Active at the end of 2024 Q3 (events Apr–Sep 2024): b (group 2), c (group 1) = 2.
        #expect(Self.reports.activeGroupsPerQuarter()[2].count == 2)
        let countries = Self.reports.countries()
        // In person: a, b (ng), iwd1 (ng), iwd2 (ke): ng has 3 events (a, b, the network event), groups 1, 2.
        #expect(countries.map(\.name) == ["NG", "KE"])
        #expect(countries[0].events == 3 && countries[0].groups == 2)
        #expect(Self.reports.cities().first?.name == "Lagos, Nigeria")
        // Regions as the UN's geoscheme groups countries: NG is in Western Africa (011), KE in Eastern (014).
        let regions = Self.reports.regions()
        #expect(regions.map(\.name) == ["Western Africa", "Eastern Africa"])
        #expect(regions[0].events == 3 && regions[0].groups == 2 && regions[1].events == 1)
    }

    @Test func countriesHaveNamesAndRegions() {
        #expect(CountryNames.name(of: "de") == "Germany" && CountryNames.name(of: "KE") == "Kenya")
        #expect(CountryNames.name(of: "KE", locale: Locale(identifier: "es")) == "Kenia")
        #expect(CountryNames.name(of: "zz") == "ZZ", "a code Foundation does not know stays a code")
        #expect(CountryNames.region(of: "ke") == "Eastern Africa" && CountryNames.region(of: "BR") == "South America")
        #expect(CountryNames.region(of: "zz") == nil)
    }

    @Test func csvKeepsFormulasOutAndNumbersPlain() {
        let csv = CSV.document(
            header: ["Group", "Events"], rows: [["=HYPERLINK(\"x\")", "1,204"], ["@sum", "12 %"]])
        #expect(csv == "Group,Events\r\n\"'=HYPERLINK(\"\"x\"\")\",1204\r\n'@sum,12\r\n")
        #expect(CSV.field("-5") == "-5", "a negative number is a number")
    }
}
