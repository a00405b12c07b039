import Foundation

/// A small inline SVG line chart of a query's event counts over recent runs:
/// no JavaScript, no external service, readable in light and dark mode.
enum TrendChart {
    static let width = 240
    static let height = 48

    static func svg(counts: [Int], label: String) -> String {
        let padding = 4.0
        let maximum = Double(max(counts.max() ?? 0, 1))
        let step = counts.count > 1 ? (Double(width) - 2 * padding) / Double(counts.count - 1) : 0
        let points = counts.enumerated().map { index, count in
            let x = padding + Double(index) * step
            let y = Double(height) - padding - (Double(count) / maximum) * (Double(height) - 2 * padding)
            return String(format: "%.1f,%.1f", x, y)
        }
        var svg =
            "<svg class=\"trend\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(XMLEscaping.escape(label))\">"
            + "<title>\(XMLEscaping.escape(label))</title>"
            + "<line x1=\"\(Int(padding))\" y1=\"\(height - Int(padding))\" x2=\"\(width - Int(padding))\" y2=\"\(height - Int(padding))\" "
            + "stroke=\"currentColor\" stroke-opacity=\"0.25\" stroke-width=\"1\"/>"
        if counts.count > 1 {
            svg +=
                "<polyline fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linejoin=\"round\" points=\"\(points.joined(separator: " "))\"/>"
        }
        if let last = points.last {
            let parts = last.split(separator: ",")
            svg += "<circle cx=\"\(parts[0])\" cy=\"\(parts[1])\" r=\"3\" fill=\"currentColor\"/>"
        }
        return svg + "</svg>"
    }
}
