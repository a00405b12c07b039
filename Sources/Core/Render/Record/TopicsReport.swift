import Foundation
import MeetupModel
import MeetupSupport

/// `reports/topics`: what the events were about, by the categories their titles name
/// (`TopicVocabulary`: formats, levels and tools, in English, Spanish, Portuguese, French and
/// German): the last twelve months, the leading categories quarter by quarter, the categories
/// new this year, how many a group covered.
extension ReportPages {
    func topics(_ reports: RecordReports, shared: RenderShared) -> [SiteFile] {
        let topics = reports.topics(shared.input.settings.reports.vocabulary)
        let leading = topics.lastYear.prefix(15).map { (label: $0.name, count: $0.events) }
        var sections = [
            Section(
                title: "The 12 closed months, \(topics.window.label)",
                chart: (
                    "Events per category, \(topics.window.label)",
                    BarChart.horizontal(leading, title: "Events per category, \(topics.window.label)")
                ),
                columns: ["Category", "Kind", "Events"],
                rows: topics.lastYear.map { [Self.cell($0.name), $0.kind.rawValue, NumberText.grouped($0.events)] }),
            Section(
                title: "The leading categories by quarter", chart: nil, columns: ["Category"] + topics.quarters,
                rows: topics.trends.map { [Self.cell($0.name)] + $0.counts.map { NumberText.grouped($0) } }),
        ]
        if !topics.newThisYear.isEmpty {
            sections.append(
                Section(
                    title: "New this year", chart: nil, columns: ["Category"],
                    rows: topics.newThisYear.map { [Self.cell($0)] }))
        }
        sections.append(
            Section(
                title: "How many categories a group covered", chart: nil,
                columns: ["Group", "Categories", "Events"],
                rows: topics.diversity.prefix(30).map { [Self.cell($0.name), "\($0.categories)", "\($0.events)"] },
                links: topics.diversity.prefix(30).map { group in
                    group.urlname.map(Self.groupLink)
                }))
        return page(
            "reports/topics", heading: "Topics",
            summary: "What the events were about, by the formats, levels and tools their titles name in English, "
                + "Spanish, Portuguese, French or German; "
                + String(format: "%.0f %%", topics.unnamedShare)
                + " of the events of the 12 closed months (\(topics.window.label)) named none.",
            csv: sections[0], sections: sections, shared: shared)
    }
}
