import Foundation
import MeetupModel
import MeetupSupport

/// The geography report's map: a static SVG of the area the groups cover (the world at most),
/// Natural Earth's countries (`WorldMap+Land.swift`) under a circle per group whose area is its
/// events. Drawn at build time: a reader's browser asks no one for tiles.
enum WorldMap {
    /// Units a degree of the land's projection (equirectangular: `Scripts/world-map.py`).
    static let scale = 5.0
    static let width = 480

    /// Where a latitude and longitude fall on the land's 1800 by 900.
    static func point(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        ((longitude + 180) * scale, (90 - latitude) * scale)
    }

    /// The part of the world to show: the marks with a margin, at least 12° by 6°, twice as wide
    /// as high, within the world.
    static func frame(_ points: [(x: Double, y: Double)]) -> (x: Double, y: Double, width: Double, height: Double) {
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
            let maxY = points.map(\.y).max()
        else { return (0, 0, 1800, 900) }
        var width = max((maxX - minX) * 1.3, 12 * scale)
        var height = max((maxY - minY) * 1.3, 6 * scale)
        if width < height * 2 { width = height * 2 } else { height = width / 2 }
        width = min(width, 1800)
        height = min(height, 900)
        let x = min(max((minX + maxX) / 2 - width / 2, 0), 1800 - width)
        let y = min(max((minY + maxY) / 2 - height / 2, 0), 900 - height)
        return (x, y, width, height)
    }

    static func svg(_ places: [RecordReports.GroupPlace], title: String) -> String {
        let points = places.map { point(latitude: $0.latitude, longitude: $0.longitude) }
        let frame = frame(points)
        let height = Int((Double(width) * frame.height / frame.width).rounded())
        let largest = Double(places.map(\.events).max() ?? 1)
        // The largest circle a twentieth of the frame's width across; area in proportion to events.
        let top = frame.width / 40
        let id = "m" + ContentHash.sha256Hex(title + places.map { "\($0.key)\($0.events)" }.joined()).prefix(10)
        let box = [frame.x, frame.y, frame.width, frame.height].map(format).joined(separator: " ")
        let described = places.prefix(60).map { "\($0.name): \($0.events)" }.joined(separator: "; ")
        var svg =
            "<svg class=\"chart map\" id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(box)\" "
            + "width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-labelledby=\"\(id)t \(id)d\">"
            + "<title id=\"\(id)t\">\(XMLEscaping.escape(title))</title>"
            + "<desc id=\"\(id)d\">Groups and their events: \(XMLEscaping.escape(described))</desc>"
            + style(id)
            + "<rect class=\"s\" x=\"\(format(frame.x))\" y=\"\(format(frame.y))\" width=\"\(format(frame.width))\" "
            + "height=\"\(format(frame.height))\"/>"
            + "<path class=\"l\" d=\"\(land.replacingOccurrences(of: "\n", with: ""))\"/>"
        // The largest first, so a small group's circle lies on top and can still be seen.
        for (place, point) in zip(places, points) {
            let radius = max(top * (Double(place.events) / largest).squareRoot(), top / 6)
            svg +=
                "<circle class=\"g\" cx=\"\(format(point.x))\" cy=\"\(format(point.y))\" r=\"\(format(radius))\">"
                + "<title>\(XMLEscaping.escape(place.name)): \(NumberText.grouped(place.events)) events</title>"
                + "</circle>"
        }
        return svg + "</svg>"
    }

    /// Colours for both schemes, scoped to the map's id (an inline SVG's style is the page's).
    private static func style(_ id: String) -> String {
        let light = [
            ".s{fill:#e8eef5}", ".l{fill:#d4d8dd;stroke:#fff;stroke-width:.5px}",
            ".g{fill:#2f5f9e;"
                + "fill-opacity:.65;stroke:#fff;stroke-width:1px}",
        ]
        let dark = [".s{fill:#1b2330}", ".l{fill:#3a4250;stroke:#1b2330}", ".g{fill:#8ab4f0;stroke:#1b2330}"]
        let scoped = { (rules: [String]) in rules.map { "#\(id) " + $0 }.joined() }
        return "<style>\(scoped(light))#\(id) .l,#\(id) .g{vector-effect:non-scaling-stroke}"
            + "@media screen and (prefers-color-scheme:dark){\(scoped(dark))}</style>"
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
