import Foundation
import MeetupModel
import MeetupSupport

/// `reports/guide`: what a new chapter can learn from the others, as R-Ladies' new-chapter guide
/// has it: over the last twelve closed months, the categories many groups ran (reach) and the
/// ones that drew a crowd (pull), the levels and formats that drew one, and the chapters that
/// got going and stayed busy. Popularity is how many said they would go (RSVPs), not who came.
extension ReportPages {
    func guide(_ reports: RecordReports, shared: RenderShared) -> [SiteFile] {
        let guide = reports.guide(shared.input.settings.reports.vocabulary)
        let formatting = EventFormatting(
            siteTimeZone: shared.input.settings.timeZone, language: shared.input.settings.language)
        let reach = guide.topics.prefix(15)
        let pull = guide.topics.filter { $0.medianGoing != nil }
            .sorted { ($1.medianGoing ?? 0, $0.name) < ($0.medianGoing ?? 0, $1.name) }.prefix(15)
        let sections = [
            Section(
                title: "Topics many groups ran",
                chart: (
                    "Groups that ran each topic, the 12 closed months",
                    BarChart.horizontal(
                        reach.map { ($0.name, $0.groups) }, title: "Groups that ran each topic, the 12 closed months")
                ),
                columns: ["Topic", "Groups", "Events", "Median going"],
                rows: guide.topics.map {
                    [
                        Self.cell($0.name), NumberText.grouped($0.groups), NumberText.grouped($0.events),
                        Self.pull($0, counted: false),
                    ]
                }),
            Section(
                title: "Topics that drew a crowd",
                chart: (
                    "Median going per event, by topic",
                    BarChart.horizontal(
                        pull.map { ($0.name, Int(($0.medianGoing ?? 0).rounded())) },
                        title: "Median going per event, by topic", values: pull.map { Self.pull($0, counted: true) })
                ),
                columns: ["Topic", "Median going", "Events"],
                rows: pull.map { [Self.cell($0.name), Self.pull($0, counted: false), NumberText.grouped($0.events)] }),
            drawSection("Levels that drew a crowd", guide.levels, column: "Level"),
            drawSection("Formats that drew a crowd", guide.formats, column: "Format"),
            Section(
                title: "Chapters to learn from: the 15 busiest", chart: nil,
                columns: ["Group", "Events", "Median going", "First event"],
                rows: guide.chapters.map {
                    [
                        Self.cell($0.name), NumberText.grouped($0.events),
                        $0.medianGoing.map { NumberText.plain($0) } ?? "–", formatting.date($0.first),
                    ]
                },
                links: guide.chapters.map { $0.urlname.map(Self.groupLink) }),
        ]
        let beginners =
            switch guide.beginnersHoldTheirOwn {
            case true?: " Events for beginners drew at least as many as the other levels."
            case false?: " Events for beginners drew fewer than the other levels."
            case nil: ""
            }
        return page(
            "reports/guide", heading: "A guide for new chapters",
            summary: "What \(NumberText.grouped(guide.events)) events of \(NumberText.grouped(guide.groups)) groups "
                + "in the 12 closed months (\(guide.window.label)) say about what draws a crowd: how many groups ran a "
                + "topic, and the median of how many said they would go. A figure marked * rests on fewer than "
                + "\(ChapterGuide.fewEvents) events; topics are the ones the vocabulary names, see Topics."
                + beginners,
            csv: sections[0], sections: sections, shared: shared)
    }

    private func drawSection(_ title: String, _ draws: [ChapterGuide.Draw], column: String) -> Section {
        let known = draws.filter { $0.medianGoing != nil }
        return Section(
            title: title,
            chart: (
                "\(title): median going per event",
                BarChart.horizontal(
                    known.map { ($0.name, Int(($0.medianGoing ?? 0).rounded())) },
                    title: "\(title): median going per event", values: known.map { Self.pull($0, counted: true) })
            ),
            columns: [column, "Median going", "Events", "Groups"],
            rows: draws.map {
                [
                    Self.cell($0.name), Self.pull($0, counted: false), NumberText.grouped($0.events),
                    NumberText.grouped($0.groups),
                ]
            })
    }

    /// "12.5 (n = 40)" on a chart, "12.5" in a table beside its events; * when it rests on few events.
    private static func pull(_ draw: ChapterGuide.Draw, counted: Bool) -> String {
        guard let median = draw.medianGoing else { return "–" }
        let few = draw.isFew ? "*" : ""
        return counted
            ? "\(NumberText.plain(median)) (n = \(NumberText.grouped(draw.events))\(few))"
            : NumberText.plain(median) + few
    }
}
