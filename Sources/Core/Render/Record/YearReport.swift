import Foundation
import MeetupModel
import MeetupSupport

/// `reports/<year>`: the year for funders: its totals against the year before, its months and
/// quarters, the active groups of three years, where its events were, how busy its groups were,
/// the 20 busiest linked. A year still under way says so on its charts ("to date").
extension ReportPages {
    /// "November", in the reports' language.
    static func monthName(_ month: Int) -> String {
        let names = DateFormatter()
        names.locale = CountryNames.locale
        return names.standaloneMonthSymbols.indices.contains(month - 1) ? names.standaloneMonthSymbols[month - 1] : ""
    }

    func year(
        _ year: RecordReports.Year, before: RecordReports.Year?, reports: RecordReports, shared: RenderShared
    ) -> [SiteFile] {
        let review = reports.review(of: year.year)
        let percent = { (value: Double) in String(format: "%.0f %%", value) }
        let change = { (now: Int, then: Int?) -> String in
            then.map { Self.change(QuarterReview.change(now, from: $0)) } ?? "–"
        }
        let inPerson = year.events - year.online - year.hybrid
        // A year under way is set against the year before to the end of the same month, not against all of it.
        let against =
            review.yearBeforeToDate.map { _ in "\(year.year - 1) to the end of \(Self.monthName(review.lastMonth))" }
            ?? "\(year.year - 1)"
        let (eventsBefore, groupsBefore) =
            review.yearBeforeToDate.map { ($0.events, $0.groups) } ?? (before?.events, before?.activeGroups)
        let facts: [(String, String)] = [
            ("Events", NumberText.grouped(year.events)),
            ("Events against \(against)", change(year.events, eventsBefore)),
            ("Active groups", NumberText.grouped(year.activeGroups)),
            ("Active groups against \(against)", change(year.activeGroups, groupsBefore)),
            ("Groups in the record by the year's end", NumberText.grouped(review.groupsKnown)),
            ("New groups", NumberText.grouped(year.newGroups)), ("People going", NumberText.grouped(year.going)),
            ("Countries", NumberText.grouped(year.countries)),
            ("In person", percent(year.events == 0 ? 0 : Double(inPerson) * 100 / Double(year.events))),
            ("Online", percent(year.onlineShare)), ("Hybrid (in person and online)", percent(year.hybridShare)),
        ]
        let title = year.year.description + (review.underWay ? " to date" : "")
        let sections = [
            Section(
                title: "Events per month",
                chart: (
                    "Events per month, \(year.year - 1) and \(title)",
                    BarChart.svg(
                        review.months, label: "Events per month, \(year.year - 1) and \(title)",
                        lastUnderWay: review.underWay)
                ),
                columns: ["Month", "Events"], rows: review.months.map { [$0.label, NumberText.grouped($0.count)] }),
            Section(
                title: "Active groups per quarter",
                chart: (
                    "Groups with an event in each quarter, three years",
                    BarChart.svg(
                        review.activePerQuarter, label: "Groups with an event in each quarter, three years",
                        lastUnderWay: review.underWay)
                ),
                columns: ["Quarter", "Active groups"],
                rows: review.activePerQuarter.map { [$0.label, NumberText.grouped($0.count)] }),
            Section(
                title: "Format by quarter", chart: nil, columns: ["Quarter", "In person", "Online", "Hybrid"],
                rows: review.formats.map { ["\($0.label)", "\($0.inPerson)", "\($0.online)", "\($0.hybrid)"] }),
            Section(
                title: "Events by region", chart: nil, columns: ["Region", "Events"],
                rows: review.regions.map { [Self.cell($0.name), NumberText.grouped($0.events)] }),
            Section(
                title: "Groups by how busy they were", chart: nil, columns: ["Events in the year", "Groups"],
                rows: YearReview.Band.allCases.map { [$0.rawValue, "\(review.bands[$0] ?? 0)"] }),
            Section(
                title: "The 20 busiest groups", chart: nil, columns: ["Group", "Events"],
                rows: year.busiest.prefix(20).map { [Self.cell($0.name), "\($0.events)"] },
                links: year.busiest.prefix(20).map { group in
                    group.urlname.map(Self.groupLink)
                }),
        ]
        return page(
            "reports/\(year.year)", heading: "\(title) in numbers",
            summary: "What the record says of \(title); a network event counts once in the totals.",
            csv: Section(title: "", chart: nil, columns: ["Figure", "Value"], rows: facts.map { [$0.0, $0.1] }),
            sections: sections, shared: shared,
            extra: ["facts": ["items": facts.map { ["label": $0.0, "value": $0.1] }]])
    }
}
