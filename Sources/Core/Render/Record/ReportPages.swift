import Foundation
import MeetupModel
import MeetupSupport

/// `reports/`: what organisers build by hand from their record, each a page of charts (static
/// SVG, their numbers in a table beside them) and a CSV of the same numbers: activity over
/// time, groups over time, geography, and the year in numbers (one page a year).
struct ReportPages: SiteGenerator {
    struct Section {
        var title: String
        var chart: (label: String, svg: String)?
        var columns: [String]
        var rows: [[String]]
        /// The page each row's first cell names (a group's), where it has one.
        var links: [String?] = []
    }

    func files(_ shared: RenderShared) -> [SiteFile] {
        guard let record = shared.input.record, shared.hasArchive else { return [] }
        let settings = shared.input.settings
        let reports = RecordReports(record: record, now: shared.input.generatedAt, zone: settings.timeZone)
        let years = reports.years
        // Every page's header links the reports whenever the site has an archive: a record whose
        // past events were all cancelled still has the index, saying so.
        guard !years.isEmpty else {
            return page(
                "reports/index", heading: "Reports", summary: "No event of the record has taken place yet.",
                csv: nil, sections: [], shared: shared)
        }
        var files = page(
            "reports/index", heading: "Reports", summary: "The record in numbers, from \(years[0].year) to today.",
            csv: nil, sections: [], shared: shared,
            extra: [
                "links": [
                    "items": [
                        ["title": "Chapter health", "link": "<health.html>"],
                        ["title": "Events of the last 12 months", "link": "<events.html>"],
                        ["title": "The last quarter", "link": "<quarter.html>"],
                        ["title": "Topics", "link": "<topics.html>"],
                        ["title": "A guide for new chapters", "link": "<guide.html>"],
                        ["title": "Activity over time", "link": "<activity.html>"],
                        ["title": "Groups over time", "link": "<groups.html>"],
                        ["title": "Geography", "link": "<geography.html>"],
                    ] + years.reversed().map { ["title": "\($0.year) in numbers", "link": "<\($0.year).html>"] }
                ]
            ])
        files += activity(reports, years: years, shared: shared)
        files += groups(reports, years: years, shared: shared)
        files += geography(reports, record: record, shared: shared)
        files += health(reports, record: record, shared: shared)
        files += events(reports, shared: shared)
        files += quarter(reports, shared: shared)
        files += topics(reports, shared: shared)
        files += guide(reports, shared: shared)
        for (index, year) in years.enumerated() {
            files += self.year(year, before: index > 0 ? years[index - 1] : nil, reports: reports, shared: shared)
        }
        return files
    }

    private func activity(_ reports: RecordReports, years: [RecordReports.Year], shared: RenderShared) -> [SiteFile] {
        let quarters = reports.eventsPerQuarter()
        var sections = [
            Section(
                title: "Events per quarter",
                chart: (
                    "Events per quarter since \(quarters.first?.quarter ?? "")",
                    BarChart.svg(
                        quarters.map { ($0.quarter, $0.count) }, label: "Events per quarter", lastUnderWay: true)
                ),
                columns: ["Year", "Events", "Online", "Median went", "Went in all", "Cancelled"],
                rows: years.map {
                    [
                        "\($0.year)", NumberText.grouped($0.events), String(format: "%.0f %%", $0.onlineShare),
                        $0.medianGoing.map { NumberText.plain($0) } ?? "–", NumberText.grouped($0.going),
                        NumberText.grouped(reports.cancelledPerYear[$0.year] ?? 0),
                    ]
                })
        ]
        let followed = shared.input.settings.queries
        if followed.count > 1 {
            sections.append(
                Section(
                    title: "Per query", chart: nil,
                    columns: ["Query", "Events in the record", "In the last 12 months"],
                    rows: followed.map { query in
                        let counts = reports.eventsPerQuarter(query: query.id)
                        return [
                            Self.cell(query.title), NumberText.grouped(counts.map(\.count).reduce(0, +)),
                            NumberText.grouped(counts.suffix(4).map(\.count).reduce(0, +)),
                        ]
                    }))
        }
        // Each query's own events per quarter, with its numbers per year.
        for query in followed {
            let counts = reports.eventsPerQuarter(query: query.id)
            guard counts.contains(where: { $0.count > 0 }) else { continue }
            var perYear: [(year: String, events: Int)] = []
            for quarter in counts {
                let year = String(quarter.quarter.prefix(4))
                if perYear.last?.year == year {
                    perYear[perYear.count - 1].events += quarter.count
                } else {
                    perYear.append((year, quarter.count))
                }
            }
            let title = Self.cell(query.title)
            sections.append(
                Section(
                    title: "\(title): events per quarter",
                    chart: (
                        "\(title): events per quarter",
                        BarChart.svg(
                            counts.map { ($0.quarter, $0.count) }, label: "\(title): events per quarter",
                            lastUnderWay: true)
                    ),
                    columns: ["Year", "Events"], rows: perYear.map { [$0.year, NumberText.grouped($0.events)] }))
        }
        return page(
            "reports/activity", heading: "Activity over time",
            summary: "Events per quarter and per year, and the events cancelled each year (left out of every other "
                + "count); a network event counts once.", csv: sections[0],
            sections: sections, shared: shared)
    }

    private func groups(_ reports: RecordReports, years: [RecordReports.Year], shared: RenderShared) -> [SiteFile] {
        let active = reports.activeGroupsPerQuarter()
        let sections = [
            Section(
                title: "Active groups per quarter",
                chart: (
                    "Groups with an event in the six months to each quarter's end",
                    BarChart.svg(active.map { ($0.quarter, $0.count) }, label: "Active groups", lastUnderWay: true)
                ),
                columns: ["Year", "Active groups", "New groups", "Gone quiet"],
                rows: years.map {
                    [
                        "\($0.year)", NumberText.grouped($0.activeGroups), NumberText.grouped($0.newGroups),
                        NumberText.grouped($0.goneQuiet),
                    ]
                })
        ]
        return page(
            "reports/groups", heading: "Groups over time",
            summary: "A group is active with an event in the six months before; new in the year of its first event "
                + "in the record; gone quiet in the year of its last, with none in this month or the "
                + "\(RecordReports.quietMonths) before.",
            csv: sections[0], sections: sections, shared: shared)
    }

    /// A section of counts over periods or days: its chart (a bar each, the last marked "to
    /// date" when it is under way) and the same counts as a table.
    static func counts(
        _ title: String, chart label: String, column: String, _ bars: [(label: String, count: Int)],
        lastUnderWay: Bool = false
    ) -> Section {
        Section(
            title: title, chart: (label, BarChart.svg(bars, label: label, lastUnderWay: lastUnderWay)),
            columns: [column, "Events"], rows: bars.map { [$0.label, NumberText.grouped($0.count)] })
    }

    /// A group's page, from a report page.
    static func groupLink(_ urlname: String) -> String { "../\(SitePaths.groupPage(urlname)).html" }

    /// A table cell: one line, and no `|` (it would end the cell).
    static func cell(_ text: String) -> String {
        TextCleaning.singleLine(text).replacingOccurrences(of: "|", with: "∣")
    }

    func page(
        _ path: String, heading: String, summary: String, csv: Section?, sections: [Section], shared: RenderShared,
        extra: [String: Any] = [:]
    ) -> [SiteFile] {
        let settings = shared.input.settings
        let formatting = EventFormatting(siteTimeZone: settings.timeZone, language: settings.language)
        let name = String(path.split(separator: "/").last ?? "index")
        var charts: [String: String] = [:]
        var context: [String: Any] = [
            "heading": heading, "summary": summary,
            "sections": sections.enumerated().map { index, section -> [String: Any] in
                var values: [String: Any] = [
                    "title": section.title, "columns": section.columns,
                    "rows": section.rows.enumerated().map { row, cells in
                        let link = row < section.links.count ? section.links[row] : nil
                        return [
                            "cells": cells.enumerated().map { column, text -> [String: Any] in
                                ["text": text, "link": column == 0 ? (link.map { "<\($0)>" } ?? false) : false]
                            }
                        ]
                    },
                ]
                if let chart = section.chart {
                    let chartPath = "charts/\(path)-\(index).svg"
                    charts[chartPath] = chart.svg
                    values["chart"] = "<../\(chartPath)>"
                    values["chartLabel"] = chart.label
                }
                return values
            },
        ]
        context.merge(extra) { _, new in new }
        var files: [SiteFile] = []
        if let csv {
            context["csv"] = "<\(name).csv>"
            files.append(
                SiteFile(
                    path: path + ".csv",
                    contents: .bytes(Data(CSV.document(header: csv.columns, rows: csv.rows).utf8))))
        }
        let markdown = shared.templates.render("report.md", context)
        let html = PageFiles.layout(
            markdown: markdown, title: "\(heading) · \(settings.title)", path: path, description: summary,
            root: "../", feed: SitePaths.siteFeed, feedTitle: settings.title, charts: charts, pageKind: "report",
            shared: shared, formatting: formatting)
        // Each chart also as a file: the Markdown page links it, and a deck can take it whole.
        let chartFiles = charts.keys.sorted().compactMap { key in charts[key].map { SiteFile.text(key, $0) } }
        return files + chartFiles + [.text(path + ".md", markdown), .text(path + ".html", html)]
    }
}
