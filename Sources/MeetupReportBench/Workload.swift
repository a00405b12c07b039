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
    /// - Parameter variety: events of every kind a reader meets (online, out of town, one the
    ///   curation removes), for the snapshot site the checks look at; the timed runs keep
    ///   their events uniform, so nights compare.
    /// - Parameter upcomingAt: the night's clock: an event that has begun by then is no longer
    ///   in the answers (Meetup's search lists upcoming events), as on a site's next night.
    func pages(photoBase: URL, changedEvent: Int? = nil, variety: Bool = false, upcomingAt: Date? = nil) throws
        -> [String: [Data]]
    {
        var slots = [[Int]](repeating: [], count: queries)
        for event in 0..<distinctEvents where upcomingAt.map({ Self.start(event) > $0 }) ?? true {
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
                                ["node": node($0, photoBase: photoBase, changed: $0 == changedEvent, variety: variety)]
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

    /// When event `e` begins: spread over the 60 days from the first night, as a site's events
    /// are, 17 to 20 h in Berlin (until issue 64 every event was in December, so no event passed
    /// on the bench's next night and no "Today" or "This weekend" moved).
    static func start(_ event: Int) -> Date {
        let day = event % 60, hour = 17 + event % 4
        // 22 November 2026, 00:00 in Berlin (+01:00).
        return Date(timeIntervalSince1970: 1_795_302_000 + Double(day * 86_400 + hour * 3_600))
    }

    private func node(_ event: Int, photoBase: URL, changed: Bool, variety: Bool) -> [String: Any] {
        let photo = event % distinctPhotos
        var node: [String: Any] = [
            "id": "\(400_000_000 + event)",
            "title": "Benchmark meetup #\(event): \(["Swift", "Rust", "Data", "Design", "Cloud"][event % 5]) & friends"
                + (changed ? " (moved upstairs)" : ""),
            "eventUrl": "https://www.meetup.com/bench-\(photo)/events/\(400_000_000 + event)/",
            "description": Self.description(event),
            "status": "ACTIVE", "eventType": "PHYSICAL",
            "dateTime": Self.berlinTime(Self.start(event)), "duration": "PT2H",
            "venues": [["name": "Venue \(event % 97)", "city": "Berlin", "lat": 52.5, "lon": 13.4, "venueType": ""]],
            "group": [
                "name": "Bench group \(photo)", "urlname": "bench-\(photo)",
                "keyGroupPhoto": [
                    "id": "\(photo)", "highResUrl": photoBase.appendingPathComponent(photoName(photo)).absoluteString,
                ],
            ],
            "rsvps": ["totalCount": event % 150],
        ]
        if variety { Self.vary(&node, event: event) }
        return node
    }

    /// Every ninth event online (Meetup's placeholder venue), every fiftieth out of town,
    /// every 97th a "bootcamp" (a word the snapshot site's curation excludes).
    private static func vary(_ node: inout [String: Any], event: Int) {
        if event % 9 == 0 {
            node["eventType"] = "ONLINE"
            node["venues"] = [
                ["id": "1", "name": "Online event", "city": "", "lat": -8.52, "lon": 179.19, "venueType": "online"]
            ]
        } else if event % 50 == 7 {
            node["venues"] = [["name": "Venue \(event % 97)", "city": "Potsdam", "lat": 52.39, "lon": 13.06]]
        }
        if event % 97 == 0, let title = node["title"] as? String { node["title"] = title + " bootcamp" }
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

    /// `date` as Meetup writes it for a Berlin event in winter: "2026-11-22T17:00:00+01:00".
    static func berlinTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 3_600)
        return formatter.string(from: date).replacingOccurrences(of: "Z", with: "+01:00")
    }
}
