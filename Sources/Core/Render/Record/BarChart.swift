import Foundation

/// A static SVG bar chart (counts per quarter, per year…): no JavaScript, drawn in
/// `currentColor` so it reads in light and dark, its numbers in the table the page puts beside
/// it, its title for a screen reader.
enum BarChart {
    static let height = 80

    static func svg(_ bars: [(label: String, count: Int)], label: String) -> String {
        let barWidth = bars.count > 60 ? 3 : 6
        let gap = 1
        let width = max(60, bars.count * (barWidth + gap) + 8)
        let top = Double(max(bars.map(\.count).max() ?? 0, 1))
        var svg =
            "<svg class=\"bars\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(XMLEscaping.escape(label))\">"
            + "<title>\(XMLEscaping.escape(label))</title>"
            + "<line x1=\"4\" y1=\"\(height - 4)\" x2=\"\(width - 4)\" y2=\"\(height - 4)\" stroke=\"currentColor\" "
            + "stroke-opacity=\"0.25\" stroke-width=\"1\"/>"
        for (index, bar) in bars.enumerated() where bar.count > 0 {
            let barHeight = max(1, Int((Double(bar.count) / top * Double(height - 12)).rounded()))
            let x = 4 + index * (barWidth + gap)
            svg +=
                "<rect x=\"\(x)\" y=\"\(height - 4 - barHeight)\" width=\"\(barWidth)\" height=\"\(barHeight)\" "
                + "fill=\"currentColor\"><title>\(XMLEscaping.escape(bar.label)): \(bar.count)</title></rect>"
        }
        return svg + "</svg>"
    }
}
