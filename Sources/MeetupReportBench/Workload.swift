import CVipsBenchShim
import Foundation
import LoopbackServer

/// A generated benchmark workload: queries whose pages overlap on events, and
/// photo-like JPEGs. Deterministic for a given shape, so runs compare.
struct Workload {
    let name: String
    let queries: Int
    let pagesPerQuery: Int
    let distinctEvents: Int
    let distinctPhotos: Int
    let photoWidth = 1200
    let photoHeight = 800

    static let w1 = Workload(name: "W1", queries: 20, pagesPerQuery: 3, distinctEvents: 1_000, distinctPhotos: 400)
    static let w2 = Workload(name: "W2", queries: 20, pagesPerQuery: 3, distinctEvents: 10_000, distinctPhotos: 2_000)

    var eventsPerPage: Int { (distinctEvents * 3) / (queries * pagesPerQuery) }

    func keyword(_ query: Int) -> String { "topic-\(query)" }
    func cursor(query: Int, page: Int) -> String { "q\(query)-p\(page)" }
    func photoName(_ index: Int) -> String { "group-\(index).jpg" }

    /// Event `e` is found by the queries `e`, `e+1`, `e+2` (mod the number of
    /// queries), so every event appears under three searches.
    /// - Parameter changedEvent: an event whose title differs from the other nights' (the
    ///   "one event changed" warm run).
    func pages(photoBase: URL, changedEvent: Int? = nil) throws -> [String: [Data]] {
        var slots = [[Int]](repeating: [], count: queries)
        for event in 0..<distinctEvents {
            for offset in 0..<3 { slots[(event + offset) % queries].append(event) }
        }
        var result: [String: [Data]] = [:]
        for query in 0..<queries {
            let events = slots[query]
            let perPage = Int((Double(events.count) / Double(pagesPerQuery)).rounded(.up))
            var pages: [Data] = []
            for page in 0..<pagesPerQuery {
                let slice = events.dropFirst(page * perPage).prefix(perPage)
                let last = page == pagesPerQuery - 1
                let body: [String: Any] = [
                    "data": [
                        "eventSearch": [
                            "totalCount": events.count,
                            "pageInfo": [
                                "hasNextPage": !last,
                                "endCursor": last ? NSNull() : cursor(query: query, page: page + 1) as Any,
                            ],
                            "edges": slice.map {
                                ["node": node($0, photoBase: photoBase, changed: $0 == changedEvent)]
                            },
                        ]
                    ]
                ]
                pages.append(try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]))
            }
            result[keyword(query)] = pages
        }
        return result
    }

    private func node(_ event: Int, photoBase: URL, changed: Bool) -> [String: Any] {
        let day = 1 + event % 28, hour = 17 + event % 4
        let photo = event % distinctPhotos
        return [
            "id": "\(400_000_000 + event)",
            "title": "Benchmark meetup #\(event): \(["Swift", "Rust", "Data", "Design", "Cloud"][event % 5]) & friends"
                + (changed ? " (moved upstairs)" : ""),
            "eventUrl": "https://www.meetup.com/bench-\(photo)/events/\(400_000_000 + event)/",
            "description": Self.description(event),
            "status": "ACTIVE", "eventType": "PHYSICAL",
            "dateTime": String(format: "2026-12-%02dT%02d:00:00+01:00", day, hour), "duration": "PT2H",
            "venues": [["name": "Venue \(event % 97)", "city": "Berlin", "lat": 52.5, "lon": 13.4, "venueType": ""]],
            "group": [
                "name": "Bench group \(photo)", "urlname": "bench-\(photo)",
                "keyGroupPhoto": [
                    "id": "\(photo)", "highResUrl": photoBase.appendingPathComponent(photoName(photo)).absoluteString,
                ],
            ],
            "rsvps": ["totalCount": event % 150],
        ]
    }

    static let words =
        ("community talk workshop swift rust data design open source beginners advanced pizza venue doors "
        + "speaker lightning networking sponsor laptop hands-on practice production scaling testing cloud "
        + "kubernetes privacy accessibility mentoring career hiring demo questions").split(separator: " ").map(
            String.init)

    /// A realistic description, seeded by the event: Markdown of 0.5-2 KB with paragraphs, an
    /// agenda list, two links, a heading on every fourth event, and some HTML Meetup lets through.
    static func description(_ event: Int) -> String {
        var random = SeededGenerator(state: UInt64(event) &* 7_919 &+ 2026)
        func sentence(_ range: ClosedRange<Int>) -> String {
            let text = (0..<Int.random(in: range, using: &random)).map { _ in words.randomElement(using: &random) ?? ""
            }
            .joined(separator: " ")
            return text.prefix(1).uppercased() + text.dropFirst() + "."
        }
        func paragraph(_ sentences: ClosedRange<Int>) -> String {
            (0..<Int.random(in: sentences, using: &random)).map { _ in sentence(8...16) }.joined(separator: " ")
        }
        var parts = [paragraph(2...4)]
        if event % 4 == 0 { parts.append("## Agenda") }
        parts.append(
            (0..<Int.random(in: 3...5, using: &random)).map {
                "* \(18 + $0):\(Bool.random(using: &random) ? "00" : "30") \(sentence(3...7))"
            }
            .joined(separator: "\n"))
        parts.append(
            "Slides and code: [the repository](https://example.org/\(event)/slides) and "
                + "[last time's recording](https://video.example.org/watch?v=\(event)). <b>Bring</b> a laptop & questions."
        )
        let length = Int.random(in: 500...2_000, using: &random)
        while parts.reduce(0, { $0 + $1.utf8.count }) < length { parts.append(paragraph(3...3)) }
        return parts.joined(separator: "\n\n")
    }

    /// The workload as a snapshot site: the same API pages, replayed from files, and a config
    /// with search on (for profiling the pipeline without the loopback server).
    func writeSnapshot(into folder: URL) throws {
        let photoBase = URL(string: "http://127.0.0.1:9/photos")!
        for (keyword, pages) in try pages(photoBase: photoBase) {
            guard let query = (0..<queries).first(where: { self.keyword($0) == keyword }) else { continue }
            let directory = folder.appendingPathComponent("snapshot/queries/q\(query)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (index, page) in pages.enumerated() {
                try page.write(to: directory.appendingPathComponent(String(format: "page-%03d.json", index + 1)))
            }
        }
        let config: [String: Any] = [
            "title": "Benchmark \(name) snapshot", "baseURL": "https://bench.example.org/", "timeZone": "Europe/Berlin",
            "source": ["type": "snapshot", "directory": "snapshot"], "output": "Output", "cache": "cache",
            "queries": (0..<queries).map { ["id": "q\($0)", "keyword": keyword($0), "lat": 52.5, "lon": 13.4] },
        ]
        try JSONSerialization.data(withJSONObject: config).write(to: folder.appendingPathComponent("config.json"))
    }

    /// Writes the photos into `directory` once (they are reused by later benchmark runs).
    func makePhotos(in directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try (0..<distinctPhotos).map { index in
            let file = directory.appendingPathComponent(photoName(index))
            if !FileManager.default.fileExists(atPath: file.path) {
                guard
                    mr_vips_make_sample_jpeg(file.path, Int32(photoWidth), Int32(photoHeight), Int32(index), 5, 82) == 0
                else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
                }
            }
            return file
        }
    }
}
