import Foundation
import MeetupSupport

/// Static SVG bar charts that stand alone in a deck: a title, a value axis with ticks and
/// gridlines, labelled bars, the values themselves where they fit, a period still under way
/// drawn hatched and labelled "to date", and a text alternative listing every value. No
/// JavaScript; sized by its viewBox, so it fills the column it stands in; its colours follow
/// the reader's scheme (`prefers-color-scheme` inside the SVG, which an `<img>` honours).
///
/// Written here rather than taken from a library: no Swift package on this machine draws SVG
/// charts, and the two kinds the reports need are about a hundred lines that tests can read.
enum BarChart {
    /// Scaled to a phone's column (about 340 px), its 13 px type is still 9 px.
    static let width = 480
    /// The chart's colours and type, scoped to its own id: inline in a page, a `<style>` of an
    /// SVG applies to the whole document.
    private static func style(_ id: String) -> String {
        let rules = [
            "text{font:13px system-ui,sans-serif;fill:#333}", ".t{font-size:15px;font-weight:600}",
            ".g{stroke:#000;stroke-opacity:.12}", ".a{stroke:#555}", ".b{fill:#2f5f9e}",
            ".p{fill:url(#\(id)h);stroke:#2f5f9e}",
        ]
        let dark = [
            "text{fill:#ddd}", ".g{stroke:#fff;stroke-opacity:.18}", ".a{stroke:#aaa}", ".b{fill:#8ab4f0}",
            ".p{stroke:#8ab4f0}", "pattern path{stroke:#8ab4f0}",
        ]
        let scoped = { (rules: [String]) in rules.map { "#\(id) " + $0 }.joined() }
        return "<style>\(scoped(rules))@media screen and (prefers-color-scheme:dark){\(scoped(dark))}</style>"
            + "<defs><pattern id=\"\(id)h\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
            + "patternTransform=\"rotate(45)\"><path d=\"M0 0V6\" stroke=\"#2f5f9e\" stroke-width=\"3\"/></pattern></defs>"
    }

    /// Counts over time, one vertical bar each (quarters, months, years), oldest first.
    /// - Parameter lastUnderWay: the last period has not ended ("2026 Q4 to date").
    static func svg(_ bars: [(label: String, count: Int)], label: String, lastUnderWay: Bool = false) -> String {
        let (left, right, top, bottom) = (44, 8, 44, 30)
        let height = 260
        let plot = (width: width - left - right, height: height - top - bottom)
        let axis = Axis(maximum: bars.map(\.count).max() ?? 0)
        let slot = Double(plot.width) / Double(max(bars.count, 1))
        let labels = axisLabels(bars.map(\.label), slot: slot)
        var svg = open(height: height, title: label, bars: bars, lastUnderWay: lastUnderWay)
        for tick in axis.ticks {
            let y = top + plot.height - Int((Double(tick) / Double(axis.top) * Double(plot.height)).rounded())
            svg += "<line class=\"g\" x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(y)\" y2=\"\(y)\"/>"
            svg += "<text x=\"\(left - 6)\" y=\"\(y + 4)\" text-anchor=\"end\">\(NumberText.grouped(tick))</text>"
        }
        for (index, bar) in bars.enumerated() {
            let x = Double(left) + Double(index) * slot
            let barHeight = Double(bar.count) / Double(axis.top) * Double(plot.height)
            let y = Double(top + plot.height) - barHeight
            let partial = lastUnderWay && index == bars.count - 1
            svg +=
                "<rect class=\"\(partial ? "p" : "b")\" x=\"\(format(x + slot * 0.15))\" y=\"\(format(y))\" "
                + "width=\"\(format(slot * 0.7))\" height=\"\(format(barHeight))\"/>"
            if bars.count <= 16 || partial {
                svg +=
                    "<text x=\"\(format(x + slot / 2))\" y=\"\(format(y - 4))\" text-anchor=\"middle\">"
                    + "\(NumberText.grouped(bar.count))</text>"
            }
            if partial {
                // At the right edge, so "to date" is never cut off.
                svg +=
                    "<text x=\"\(width - right)\" y=\"\(height - bottom + 16)\" text-anchor=\"end\">"
                    + "\(XMLEscaping.escape(bar.label)) to date</text>"
            } else if let text = labels[index], !(lastUnderWay && x + slot > Double(width - right - 110)) {
                svg +=
                    "<text x=\"\(format(x + slot / 2))\" y=\"\(height - bottom + 16)\" text-anchor=\"middle\">"
                    + "\(XMLEscaping.escape(text))</text>"
            }
        }
        svg += "<line class=\"a\" x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(top + plot.height)\" "
        svg += "y2=\"\(top + plot.height)\"/>"
        return svg + "</svg>"
    }

    /// Counts per category (countries, regions), one horizontal bar each, largest first, named
    /// on the left and valued at its end (by `values` where given: "12.5 (n = 40)").
    static func horizontal(_ bars: [(label: String, count: Int)], title: String, values: [String]? = nil) -> String {
        // Room at the left for the longest name (13 px type averages under 7.5 px a character;
        // a longer one is cut), and at the right for the longest value at the end of its bar.
        let names = bars.map { Self.cut($0.label, to: maxNameCharacters) }
        let left = 12 + Int((7.5 * Double(names.map(\.count).max() ?? 0)).rounded(.up))
        let (right, top, row) = (max(48, 8 * (values?.map(\.count).max() ?? 0)), 36, 22)
        let height = top + max(bars.count, 1) * row + 8
        let axis = Axis(maximum: bars.map(\.count).max() ?? 0)
        let plotWidth = Double(width - left - right)
        let texts = values ?? bars.map { NumberText.grouped($0.count) }
        var svg = open(height: height, title: title, bars: bars, lastUnderWay: false, texts: values)
        for (index, bar) in bars.enumerated() {
            let y = top + index * row
            let length = Double(bar.count) / Double(axis.top) * plotWidth
            let name = XMLEscaping.escape(names[index])
            svg += "<text x=\"\(left - 8)\" y=\"\(y + 15)\" text-anchor=\"end\">\(name)</text>"
            svg += "<rect class=\"b\" x=\"\(left)\" y=\"\(y + 3)\" width=\"\(format(length))\" height=\"\(row - 6)\"/>"
            svg +=
                "<text x=\"\(format(Double(left) + length + 6))\" y=\"\(y + 15)\">\(XMLEscaping.escape(texts[index]))</text>"
        }
        svg += "<line class=\"a\" x1=\"\(left)\" x2=\"\(left)\" y1=\"\(top)\" y2=\"\(height - 8)\"/>"
        return svg + "</svg>"
    }

    /// The opening: size, title (shown, and for screen readers), the text alternative, style.
    private static func open(
        height: Int, title: String, bars: [(label: String, count: Int)], lastUnderWay: Bool, texts: [String]? = nil
    ) -> String {
        let values = bars.enumerated().map { index, bar in
            "\(bar.label)\(lastUnderWay && index == bars.count - 1 ? " (to date)" : ""): "
                + (texts?[index] ?? "\(bar.count)")
        }
        let id = "c" + ContentHash.sha256Hex(title + values.joined()).prefix(10)
        let title = XMLEscaping.escape(title)
        return
            "<svg class=\"chart\" id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" "
            + "width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-labelledby=\"\(id)t \(id)d\">"
            + "<title id=\"\(id)t\">\(title)</title>"
            + "<desc id=\"\(id)d\">\(XMLEscaping.escape(values.joined(separator: "; ")))</desc>"
            + style(id) + "<text class=\"t\" x=\"8\" y=\"20\">\(title)</text>"
    }

    /// The labels under the bars that fit: all when there is room, else for quarters each
    /// year at its first quarter ("2024"), else every nth.
    static func axisLabels(_ labels: [String], slot: Double) -> [String?] {
        if slot >= 44 { return labels }
        let quarters = labels.allSatisfy { $0.range(of: #"^\d{4} Q[1-4]$"#, options: .regularExpression) != nil }
        if quarters, slot * 4 >= 36 { return labels.map { $0.hasSuffix("Q1") ? String($0.prefix(4)) : nil } }
        let every = Int((44 / slot).rounded(.up))
        return labels.enumerated().map { $0.offset % every == 0 ? $0.element : nil }
    }

    /// The longest name a horizontal chart shows whole: a third of its width or so.
    static let maxNameCharacters = 28

    /// `text`, or its first characters and "…" when it is longer than `limit`.
    static func cut(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : text.prefix(limit - 1).trimmingCharacters(in: .whitespaces) + "…"
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A value axis from zero to a round number at or above the largest value, in steps of 1, 2 or
    /// 5 × 10ⁿ: the smallest such step that needs at most five.
    struct Axis {
        let step: Int
        let top: Int

        init(maximum: Int) {
            let target = Double(max(maximum, 1)) / 5
            let magnitude = pow(10, floor(log10(target)))
            let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= target } ?? 10 * magnitude
            self.step = max(1, Int(step))
            top = max(self.step, Int((Double(max(maximum, 1)) / Double(self.step)).rounded(.up)) * self.step)
        }

        var ticks: [Int] { Array(stride(from: 0, through: top, by: step)) }
    }
}
