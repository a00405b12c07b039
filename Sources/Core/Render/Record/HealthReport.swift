import Foundation
import MeetupModel
import MeetupSupport

/// `reports/health`: the chapters' health, as the R-Ladies global team's report has it: active
/// and inactive groups in a recent window, how long the inactive ones have been so, the busiest,
/// the trend of the last twelve months, and age against activity; a CSV of every group.
extension ReportPages {
    func health(_ reports: RecordReports, record: CommunityRecord, shared: RenderShared) -> [SiteFile] {
        let names = Dictionary(record.groups.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
        let health = reports.health(windowMonths: shared.input.settings.reports.healthWindowMonths, names: names)
        let window = "the last \(health.windowMonths) months"
        let count = { (groups: [ChapterHealth.Group]) in
            "\(NumberText.grouped(groups.count)) (\(String(format: "%.0f %%", health.share(groups.count))))"
        }
        let figures: [[String]] = [
            ["Groups in the record", NumberText.grouped(health.groups.count)],
            ["Active (an event in \(window))", count(health.active)],
            ["Inactive", count(health.inactiveUnderAYear + health.inactiveOverAYear)],
            ["  of them for \(health.windowMonths) to 12 months", count(health.inactiveUnderAYear)],
            ["  of them for over \(max(12, health.windowMonths)) months", count(health.inactiveOverAYear)],
            ["Median events per active group", health.medianPerActive.map { NumberText.plain($0) } ?? "–"],
            ["Mean events per active group", health.meanPerActive.map { String(format: "%.1f", $0) } ?? "–"],
            ["Trend of events a month", Self.trend(health.trendPerMonth)],
        ]
        let months = health.months.map { (label: $0.label, count: $0.count) }
        let maturity = health.maturityAgainstActivity
        let sections = [
            Section(title: "Groups", chart: nil, columns: ["Figure", "Value"], rows: figures),
            Self.counts(
                "Events per month", chart: "Events per month, the last 12 months", column: "Month", months,
                lastUnderWay: true),
            Section(
                title: "The 20 busiest groups in \(window)", chart: nil,
                columns: ["Group", "Events in \(window)", "Events in all"],
                rows: health.active.prefix(20).map {
                    [Self.cell($0.name), "\($0.recent)", NumberText.grouped($0.events)]
                },
                links: health.active.prefix(20).map(Self.page)),
            inactiveSection(
                "Inactive for \(health.windowMonths) to 12 months", health.inactiveUnderAYear, health,
                zone: reports.zone),
            inactiveSection(
                "Inactive for over \(max(12, health.windowMonths)) months", health.inactiveOverAYear, health,
                zone: reports.zone),
            Section(
                title: "Age against activity", chart: nil,
                columns: ["Since the first event"]
                    + ChapterHealth.Activity.allCases.map { "\($0.rawValue) in \(window)" },
                rows: ChapterHealth.Maturity.allCases.map { band in
                    [band.rawValue] + ChapterHealth.Activity.allCases.map { "\(maturity[band]?[$0] ?? 0)" }
                }),
        ]
        return page(
            "reports/health", heading: "Chapter health",
            summary: "Which groups are active (an event in \(window): \(health.window.label)), which have gone "
                + "inactive and since when, and who is busiest; a network event counts for each group that hosted it.",
            csv: Section(
                title: "", chart: nil,
                columns: ["Group", "Urlname", "First event", "Last event", "Events in all", "Events in \(window)"],
                rows: health.groups.map {
                    [
                        Self.cell($0.name), $0.urlname ?? "", Self.day($0.first, reports.zone),
                        Self.day($0.last, reports.zone), "\($0.events)",
                        "\($0.recent)",
                    ]
                }),
            sections: sections, shared: shared)
    }

    private func inactiveSection(
        _ title: String, _ groups: [ChapterHealth.Group], _ health: ChapterHealth, zone: TimeZone
    ) -> Section {
        Section(
            title: title, chart: nil, columns: ["Group", "Last event", "Months since", "Events in all"],
            rows: groups.map {
                [
                    Self.cell($0.name), Self.day($0.last, zone), "\(health.monthsSince($0.last))",
                    NumberText.grouped($0.events),
                ]
            },
            links: groups.map(Self.page))
    }

    /// A group's page, from a report (a former urlname's page leads on to the current one).
    static func page(_ group: ChapterHealth.Group) -> String? {
        group.urlname.map(Self.groupLink)
    }

    static func trend(_ slope: Double?) -> String {
        guard let slope else { return "–" }
        if abs(slope) < 0.05 { return "flat" }
        return String(format: "%@ by %.1f events a month each month", slope > 0 ? "rising" : "falling", abs(slope))
    }

    /// The day in the site's zone, as ISO 8601 writes it (a spreadsheet reads it as a date).
    static func day(_ date: Date, _ zone: TimeZone) -> String {
        let format = Date.ISO8601FormatStyle(timeZone: zone).year().month().day()
        return date.formatted(format)
    }
}
