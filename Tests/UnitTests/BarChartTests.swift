import Foundation
@testable import MeetupRender
import Testing

/// `BarChart`: what a reader of the SVG gets: a title, ticks with values, every bar's value in
/// the text alternative, the period under way marked, ids that do not collide on one page.
@Suite("Bar charts")
struct BarChartTests {
    @Test func anAxisEndsOnARoundNumberInFourOrFiveSteps() {
        #expect(BarChart.Axis(maximum: 96).ticks == [0, 20, 40, 60, 80, 100])
        #expect(BarChart.Axis(maximum: 7).ticks == [0, 2, 4, 6, 8])
        #expect(BarChart.Axis(maximum: 0).ticks == [0, 1])
        #expect(BarChart.Axis(maximum: 5_168).ticks == [0, 2_000, 4_000, 6_000])
    }

    @Test func aChartSaysWhatItShowsAndMarksThePeriodUnderWay() {
        let bars = [("2026 Q2", 12), ("2026 Q3", 40), ("2026 Q4", 3)]
        let svg = BarChart.svg(bars, label: "Events per quarter", lastUnderWay: true)
        #expect(svg.contains("<title id=") && svg.contains(">Events per quarter</title>"))
        #expect(svg.contains("2026 Q2: 12; 2026 Q3: 40; 2026 Q4 (to date): 3</desc>"))
        #expect(svg.contains(">2026 Q4 to date</text>"), "the unfinished quarter says so under its bar")
        #expect(svg.contains("class=\"p\""), "and is drawn hatched, not as a fall")
        for tick in ["0", "10", "20", "30", "40"] { #expect(svg.contains(">\(tick)</text>"), "tick \(tick)") }
        #expect(svg.contains(">40</text>") && svg.contains(">12</text>"), "bar values")
        #expect(svg.contains("viewBox=\"0 0 480 260\""))
        #expect(BarChart.axisLabels(["2024 Q1", "2024 Q2", "2025 Q1"], slot: 10) == ["2024", nil, "2025"])
    }

    @Test func twoChartsOnOnePageHaveTheirOwnIdsAndStyles() {
        let first = BarChart.horizontal([("Nigeria", 3), ("Kenya", 1)], title: "Per country")
        let second = BarChart.horizontal([("Western Africa", 3)], title: "Per region")
        let id = { (svg: String) in svg.components(separatedBy: "id=\"")[1].prefix(11) }
        #expect(id(first) != id(second))
        #expect(!first.contains("<style>text"), "every rule is scoped to its chart")
        #expect(first.contains(">Nigeria</text>") && first.contains(">3</text>"))
    }

    /// A category's name stood left of the chart's edge: "R Markdown and Quarto" ended at x = 142
    /// and began at about −9, so a reader saw "Markdown and Quarto".
    @Test func aLongCategoryNameStaysInsideTheChart() throws {
        let svg = BarChart.horizontal([("R Markdown and Quarto", 3), ("Bosnia and Herzegovina", 5)], title: "Topics")
        let anchors = svg.matches(of: /<text x="(\d+)" y="\d+" text-anchor="end">([^<]*)<\/text>/).map {
            (x: Double($0.output.1) ?? 0, name: String($0.output.2))
        }
        #expect(anchors.count == 2)
        for anchor in anchors {
            // 13 px system-ui averages under 7.5 px a character.
            #expect(anchor.x - 7.5 * Double(anchor.name.count) >= 0, "\(anchor.name) starts left of the chart")
        }
        let long = BarChart.horizontal([(String(repeating: "Very long name ", count: 6), 1)], title: "T")
        #expect(long.contains("…"), "a name too long for the chart is cut, and says so")
    }
}
