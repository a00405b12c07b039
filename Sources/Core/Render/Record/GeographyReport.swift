import Foundation
import MeetupModel
import MeetupSupport

/// `reports/geography`: where the groups meet (a map), events and groups per world region,
/// country and city, formats per region, each country's growth, and how many places a group met in.
extension ReportPages {
    func geography(_ reports: RecordReports, record: CommunityRecord, shared: RenderShared) -> [SiteFile] {
        let countries = reports.countries().map { ($0, CountryNames.name(of: $0.name)) }
        let regions = reports.regions()
        let cities = reports.cities()
        let places = reports.groupPlaces()
        let summary = reports.geography(groups: record.groups)
        let map = Section(
            title: "Where the groups meet",
            chart: (
                "Where the groups meet: a circle per group, its area its events",
                WorldMap.svg(places, title: "Where the groups meet: a circle per group, its area its events")
            ),
            columns: ["Group", "Events", "Latitude", "Longitude"],
            rows: places.prefix(30).map {
                [
                    Self.cell($0.name), NumberText.grouped($0.events), String(format: "%.2f", $0.latitude),
                    String(format: "%.2f", $0.longitude),
                ]
            })
        let sections =
            (places.isEmpty ? [] : [map]) + [
                Section(
                    title: "Per region",
                    chart: (
                        "Events per world region",
                        BarChart.horizontal(regions.map { ($0.name, $0.events) }, title: "Events per world region")
                    ),
                    columns: ["Region", "Events", "Groups"],
                    rows: regions.map {
                        [Self.cell($0.name), NumberText.grouped($0.events), NumberText.grouped($0.groups)]
                    }),
                Section(
                    title: "Per country",
                    chart: (
                        "Events per country",
                        BarChart.horizontal(
                            countries.prefix(20).map { ($0.1, $0.0.events) },
                            title: "Events per country, the 20 busiest")
                    ),
                    columns: ["Country", "Region", "Events", "Groups"],
                    rows: countries.map { place, name in
                        [
                            Self.cell(name), CountryNames.region(of: place.name) ?? "–",
                            NumberText.grouped(place.events),
                            NumberText.grouped(place.groups),
                        ]
                    }),
                Section(
                    title: "Formats per region, \(summary.window.label)",
                    chart: nil, columns: ["Region", "In person", "Online", "Hybrid", "Online share", "Groups"],
                    rows: summary.regions.map {
                        [
                            Self.cell($0.name), NumberText.grouped($0.inPerson), NumberText.grouped($0.online),
                            NumberText.grouped($0.hybrid),
                            String(format: "%.0f %%", $0.events == 0 ? 0 : Double($0.online) * 100 / Double($0.events)),
                            NumberText.grouped($0.groups),
                        ]
                    }),
                Section(
                    title: "Growth per country: \(summary.window.label) against the 12 months before",
                    chart: nil,
                    columns: [
                        "Country", "Active groups", "Events before", "Events", "Change", "Going before", "Going",
                        "Change",
                    ],
                    rows: summary.growth.map {
                        [
                            Self.cell($0.name), NumberText.grouped($0.activeGroups),
                            NumberText.grouped($0.eventsBefore),
                            NumberText.grouped($0.events),
                            Self.change($0.eventsChange), NumberText.grouped($0.goingBefore),
                            NumberText.grouped($0.going), Self.change($0.goingChange),
                        ]
                    }),
                Section(
                    title: "Places per group, \(summary.window.label)", chart: nil,
                    columns: ["Group", "In-person events", "Places", "Cities"],
                    rows: summary.venues.prefix(30).map {
                        [
                            Self.cell($0.name), NumberText.grouped($0.events), NumberText.grouped($0.places),
                            NumberText.grouped($0.cities),
                        ]
                    },
                    links: summary.venues.prefix(30).map { $0.urlname.map(Self.groupLink) }),
                Section(
                    title: "Per city", chart: nil, columns: ["City", "Events", "Groups"],
                    rows: cities.prefix(100).map {
                        [Self.cell($0.name), NumberText.grouped($0.events), NumberText.grouped($0.groups)]
                    }),
            ]
        return page(
            "reports/geography", heading: "Geography",
            summary: "In-person events and their groups per world region (as the UN's geoscheme groups countries), "
                + "country and city; online events have no place there. Formats, growth and places are of the 12 closed months; "
                + "formats and growth count each event "
                + "where the group that hosted it is, online ones too.",
            csv: Section(
                title: "", chart: nil, columns: ["Kind", "Place", "Events", "Groups"],
                rows: regions.map { ["region", $0.name, "\($0.events)", "\($0.groups)"] }
                    + countries.map { ["country", $0.1, "\($0.0.events)", "\($0.0.groups)"] }
                    + cities.map { ["city", $0.name, "\($0.events)", "\($0.groups)"] }),
            sections: sections, shared: shared)
    }

    /// A change in percent, "+12 %", or "–" where there was nothing to change from.
    static func change(_ value: Double?) -> String { value.map { String(format: "%+.0f %%", $0) } ?? "–" }
}
