import Foundation
import MeetupModel
import MeetupSupport

/// `reports/events`: the 12 closed months' events as the R-Ladies events report has them:
/// how many and in what format, how long, which days and hours, the busiest and quietest months
/// of two years, the online share by quarter, the cities.
extension ReportPages {
    func events(_ reports: RecordReports, shared: RenderShared) -> [SiteFile] {
        let summary = reports.eventsSummary
        let percent = { (value: Double) in String(format: "%.0f %%", value) }
        let hours = { (seconds: TimeInterval?) in seconds.map { String(format: "%.1f h", $0 / 3_600) } ?? "–" }
        let month = { (month: (label: String, count: Int)?) in
            month.map { "\($0.label) (\(NumberText.grouped($0.count)))" } ?? "–"
        }
        var figures: [[String]] = [["Events", NumberText.grouped(summary.count)]]
        for format in EventsSummary.Format.allCases {
            figures.append([format.rawValue, percent(summary.share(summary.count(format)))])
        }
        figures += [
            ["Groups that hosted", NumberText.grouped(summary.groupsHosting)],
            ["Mean length", hours(summary.meanDuration)], ["Median length", hours(summary.medianDuration)],
            ["On a weekend", percent(summary.weekendShare)],
            ["Busiest month of two years", month(summary.busiestMonth)],
            ["Quietest month of two years", month(summary.quietestMonth)],
        ]
        let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let weekdays = zip(days, summary.weekdays).map { (label: String($0.prefix(3)), count: $1) }
        let lengths = EventsSummary.Length.allCases.map { (label: $0.rawValue, count: summary.lengths[$0] ?? 0) }
        let parts = EventsSummary.PartOfDay.allCases.map { (label: $0.rawValue, count: summary.partsOfDay[$0] ?? 0) }
        let cities = Self.cities(summary.events)
        let sections = [
            Section(
                title: "The 12 closed months, \(summary.window.label)", chart: nil, columns: ["Figure", "Value"],
                rows: figures),
            Self.counts(
                "Events per month", chart: "Events per month, two years", column: "Month", summary.months,
                lastUnderWay: true),
            Section(
                title: "Day of the week",
                chart: ("Events by day of the week", BarChart.svg(weekdays, label: "Events by day of the week")),
                columns: ["Day", "Events"], rows: zip(days, summary.weekdays).map { [$0, NumberText.grouped($1)] }),
            Section(
                title: "Time of day",
                chart: (
                    "Events by the hour they start", BarChart.horizontal(parts, title: "Events by the hour they start")
                ),
                columns: ["Part of the day", "Events"], rows: parts.map { [$0.label, NumberText.grouped($0.count)] }),
            Section(
                title: "Length", chart: nil, columns: ["Length", "Events"],
                rows: lengths.map { [$0.label, NumberText.grouped($0.count)] }),
            Section(
                title: "Online by quarter", chart: nil, columns: ["Quarter", "Events", "Online"],
                rows: summary.quarters.map { [$0.label, NumberText.grouped($0.events), percent($0.onlineShare)] }),
            Section(
                title: "The 20 busiest cities", chart: nil, columns: ["City", "Events"],
                rows: cities.prefix(20).map { [Self.cell($0.name), NumberText.grouped($0.count)] }),
        ]
        return page(
            "reports/events", heading: "Events",
            summary: "The events of the 12 closed months, \(summary.window.label) (a network event once), their days "
                + "and hours where they "
                + "took place; lengths of the events that say when they end.",
            csv: sections[0], sections: sections, shared: shared)
    }

    /// In-person and hybrid events per city ("Lagos, Nigeria"), most first.
    static func cities(_ entries: [RecordEntry]) -> [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for entry in entries where !entry.event.isOnline {
            guard let city = entry.event.city, !city.isEmpty,
                let name = CountryNames.place(city: city, country: entry.event.country)
            else { continue }
            counts[name, default: 0] += 1
        }
        return counts.map { ($0.key, $0.value) }.sorted { ($1.count, $0.name) < ($0.count, $1.name) }
    }
}
