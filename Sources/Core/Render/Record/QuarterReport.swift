import Foundation
import MeetupModel
import MeetupSupport

/// `reports/quarter`: the last closed quarter against the one before and the same quarter a
/// year earlier, as the R-Ladies quarterly report has it, its groups named and linked.
extension ReportPages {
    func quarter(_ reports: RecordReports, shared: RenderShared) -> [SiteFile] {
        let review = reports.quarterReview
        let (now, before, yearAgo) = (review.current, review.previous, review.yearEarlier)
        let change = Self.change
        let row = { (figure: String, value: (QuarterReview.Quarter) -> Int) -> [String] in
            [
                figure, NumberText.grouped(value(now)), NumberText.grouped(value(before)),
                NumberText.grouped(value(yearAgo)), change(QuarterReview.change(value(now), from: value(before))),
                change(QuarterReview.change(value(now), from: value(yearAgo))),
            ]
        }
        let figures =
            [row("Events") { $0.events }, row("Active groups") { $0.groups.count }]
            + EventsSummary.Format.allCases.map { format in row(format.rawValue) { review.count(format, in: $0) } }
        let columns = ["Figure", now.label, before.label, yearAgo.label, "Quarter on quarter", "Year on year"]
        var sections = [
            Section(title: "\(now.label) in numbers", chart: nil, columns: columns, rows: figures),
            Section(
                title: "Groups", chart: nil, columns: ["Groups", "How many"],
                rows: [
                    ["New (their first event)", "\(review.newGroups.count)"],
                    ["Returning (none in \(before.label))", "\(review.returningGroups.count)"],
                    ["Continuing", "\(review.continuingGroups.count)"],
                    ["Now inactive (none in \(now.label))", "\(review.nowInactiveGroups.count)"],
                ]),
        ]
        for (title, groups) in [
            ("New groups", review.newGroups), ("Returning groups", review.returningGroups),
            ("Now inactive", review.nowInactiveGroups),
        ] where !groups.isEmpty {
            sections.append(
                named(title, groups, events: title == "Now inactive" ? "Events in \(before.label)" : "Events"))
        }
        let months = review.months
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let weekdays = zip(days, review.weekdays).map { (label: $0, count: $1) }
        sections += [
            Self.counts("The quarter's months", chart: "Events per month of \(now.label)", column: "Month", months),
            Self.counts(
                "Days of the week", chart: "Events of \(now.label) per day of the week, where they took place",
                column: "Day", weekdays),
        ]
        sections.append(
            Section(
                title: "Events by region", chart: nil, columns: ["Region", "Events"],
                rows: review.regions.map { [Self.cell($0.name), NumberText.grouped($0.events)] }))
        sections.append(named("The 15 busiest groups", Array(review.busiest.prefix(15)), events: "Events"))
        return page(
            "reports/quarter", heading: "The quarter: \(now.label)",
            summary: "\(now.label), the last quarter that has ended, against \(before.label) and \(yearAgo.label); "
                + "a network event counts once in the totals and for each group that hosted it.",
            csv: Section(title: "", chart: nil, columns: columns, rows: figures), sections: sections, shared: shared)
    }

    private func named(_ title: String, _ groups: [QuarterReview.Named], events: String) -> Section {
        Section(
            title: title, chart: nil, columns: ["Group", events],
            rows: groups.map { [Self.cell($0.name), NumberText.grouped($0.events)] },
            links: groups.map { group in group.urlname.map(Self.groupLink) })
    }
}
