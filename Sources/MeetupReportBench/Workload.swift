import CVipsBenchShim
import Foundation

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
    func pages(photoBase: URL) throws -> [String: [Data]] {
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
                let body: [String: Any] = ["data": ["eventSearch": [
                    "totalCount": events.count,
                    "pageInfo": ["hasNextPage": !last, "endCursor": last ? NSNull() : cursor(query: query, page: page + 1) as Any],
                    "edges": slice.map { ["node": node($0, photoBase: photoBase)] },
                ]]]
                pages.append(try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]))
            }
            result[keyword(query)] = pages
        }
        return result
    }

    private func node(_ event: Int, photoBase: URL) -> [String: Any] {
        let day = 1 + event % 28, hour = 17 + event % 4
        let photo = event % distinctPhotos
        return [
            "id": "\(400_000_000 + event)",
            "title": "Benchmark meetup #\(event): \(["Swift", "Rust", "Data", "Design", "Cloud"][event % 5]) & friends",
            "eventUrl": "https://www.meetup.com/bench-\(photo)/events/\(400_000_000 + event)/",
            "description": "An evening of talks. <b>Bring</b> a laptop & questions. Agenda:\n\n* talks\n* pizza\n* networking",
            "status": "ACTIVE", "eventType": "PHYSICAL",
            "dateTime": String(format: "2026-12-%02dT%02d:00:00+01:00", day, hour), "duration": "PT2H",
            "venues": [["name": "Venue \(event % 97)", "city": "Berlin", "lat": 52.5, "lon": 13.4, "venueType": ""]],
            "group": ["name": "Bench group \(photo)", "urlname": "bench-\(photo)",
                      "keyGroupPhoto": ["id": "\(photo)", "highResUrl": photoBase.appendingPathComponent(photoName(photo)).absoluteString]],
            "rsvps": ["totalCount": event % 150],
        ]
    }

    /// Writes the photos into `directory` once (they are reused by later benchmark runs).
    func makePhotos(in directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try (0..<distinctPhotos).map { index in
            let file = directory.appendingPathComponent(photoName(index))
            if !FileManager.default.fileExists(atPath: file.path) {
                guard mr_vips_make_sample_jpeg(file.path, Int32(photoWidth), Int32(photoHeight), Int32(index), 5, 82) == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
                }
            }
            return file
        }
    }
}
