import Foundation
import LoopbackServer

/// The record workload, shaped like R-Ladies: one network of 251 groups with 5,200 past events
/// from March 2012 to today and 300 upcoming. Night 1 (a fresh state folder) backfills on its
/// own; night 2 is the same site a day later. Reports the figures against the goals: the
/// backfill in at most 100 requests, a later night at most 15 requests and under 10 s, no page
/// over 300 KB, peak memory under 200 MB.
enum RecordBench {
    static let groups = 251
    static let pastEvents = 5_200
    static let upcomingEvents = 300
    static let network = "rladies"

    static func measure(binary: String, work: URL, latencyMs: Int) async throws -> String {
        let folder = work.appendingPathComponent("record")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try LoopbackServer()
        let base = try await server.start()
        server.setLatency(.milliseconds(latencyMs))
        try serve(on: server)
        let config: [String: Any] = [
            "title": "R-Ladies record", "baseURL": "https://bench.example.org/", "timeZone": "UTC",
            "source": ["type": "meetup-api", "endpoint": base.appendingPathComponent("gql").absoluteString],
            "output": "Output", "cache": "cache", "state": "state", "history": ["enabled": true],
            "queries": [["id": "rladies", "title": "R-Ladies", "network": network, "daysAhead": 60]],
        ]
        let configFile = folder.appendingPathComponent("config.json")
        try JSONSerialization.data(withJSONObject: config).write(to: configFile)
        var rows: [String] = []
        var reportsRewritten: [String] = []
        for (night, now) in ["2026-11-22T08:00:00Z", "2026-11-23T08:00:00Z"].enumerated() {
            let stats = folder.appendingPathComponent("stats-\(night + 1).json")
            server.resetCounters()
            let before = OutputChanges.stamps(of: folder.appendingPathComponent("Output"))
            let result = try await ChildProcess.run(
                binary, ["--config", configFile.path, "--now", now, "--quiet", "--stats", stats.path],
                environment: ["MEETUP_TOKEN": "bench-token"])
            guard result.status == 0 else {
                await server.stop()
                return "record workload: night \(night + 1) failed (\(result.status)): \(result.stderr.suffix(300))"
            }
            let figures =
                (try? JSONSerialization.jsonObject(with: Data(contentsOf: stats)) as? [String: Double]) ?? [:]
            let changes = OutputChanges.since(before, in: folder.appendingPathComponent("Output"))
            if night == 1 { reportsRewritten = changes.paths.filter { $0.hasPrefix("reports/") } }
            rows.append(
                "| night \(night + 1) | \(server.counters.graphQLRequests) | \(Int(figures["backfillRequests"] ?? 0)) | "
                    + String(format: "%.2f s | %.0f MB | ", result.wallSeconds, Double(result.peakRSSBytes) / 1e6)
                    + changes.text + " |")
        }
        await server.stop()
        let largest = largestPage(in: folder.appendingPathComponent("Output"))
        return """
            | record workload (\(groups) groups, \(pastEvents) past and \(upcomingEvents) upcoming events, \(latencyMs) ms a request) | API requests | of which backfill | wall | peak RSS | files rewritten |
            |---|---:|---:|---:|---:|---:|
            \(rows.joined(separator: "\n"))

            Goals: backfill at most 100 requests; a later night at most 15 requests and under 10 s; peak under 200 MB.
            Largest HTML page: \(largest.name), \(largest.bytes / 1024) KB (goal: at most 300 KB).
            Report files night 2 rewrote: \(reportsRewritten.isEmpty ? "none" : reportsRewritten.joined(separator: ", ")).
            """
    }

    private static func largestPage(in folder: URL) -> (name: String, bytes: Int) {
        var largest = ("-", 0)
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "html",
                let size = try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > largest.1
            else { continue }
            largest = (String(file.path.dropFirst(folder.path.count + 1)), size)
        }
        return largest
    }

    static func urlname(_ index: Int) -> String { "rladies-chapter-\(index)" }

    private static func serve(on server: LoopbackServer) throws {
        // One page holding them all: the server pages it again by each request's `first`.
        server.setPages([try eventsPage(allEvents(), cursor: nil)], forNetwork: network)
        server.setGroupsPages(try groupsPages(), forNetwork: network)
    }

    /// Past events spread from 14 March 2012 to 20 November 2026, then the upcoming ones.
    static func allEvents() -> [[String: Any]] {
        let start = 1_331_683_200.0  // 2012-03-14
        let end = 1_795_132_800.0  // 2026-11-20
        let past: [[String: Any]] = (0..<pastEvents).map { index in
            let at = start + (end - start) * Double(index) / Double(pastEvents)
            return node(
                id: 600_000_000 + index, group: (index * 7) % groups, at: at, status: "PAST", going: 5 + index % 60)
        }
        return past
            + (0..<upcomingEvents).map { index in
                node(
                    id: 700_000_000 + index, group: index % groups, at: 1_795_392_000 + Double(index) * 14_400,
                    status: "ACTIVE", going: index % 40)
            }
    }

    static func eventsPage(_ nodes: [[String: Any]], cursor: String?) throws -> Data {
        try JSONSerialization.data(
            withJSONObject: [
                "data": [
                    "proNetwork": [
                        "eventsSearch": [
                            "totalCount": nodes.count,
                            "pageInfo": [
                                "hasNextPage": cursor != nil, "endCursor": cursor.map { $0 as Any } ?? NSNull(),
                            ],
                            "edges": nodes.map { ["node": $0] },
                        ]
                    ]
                ]
            ], options: [.sortedKeys])
    }

    /// The network's groups with their analytics, 100 a page.
    static func groupsPages() throws -> [Data] {
        let edges: [[String: Any]] = (0..<groups).map { group in
            [
                "cursor": "g\(group)",
                "node": [
                    "id": "\(group)", "name": "R-Ladies Chapter \(group)", "urlname": urlname(group),
                    "city": cities[group % cities.count].name, "link": "https://www.meetup.com/\(urlname(group))/",
                ],
                "metadata": [
                    "lastEventDate": "2026-11-01T18:00:00Z", "nextEventDate": "2026-12-01T18:00:00Z",
                    "totalMembers": 100 + group, "totalPastEvents": 20, "totalUpcomingEvents": 1,
                ],
            ]
        }
        return try stride(from: 0, to: groups, by: 100).map { first in
            try JSONSerialization.data(
                withJSONObject: [
                    "data": [
                        "proNetwork": [
                            "groupsSearch": [
                                "totalCount": groups, "edges": Array(edges[first..<min(first + 100, groups)]),
                                "pageInfo": [
                                    "hasNextPage": first + 100 < groups, "endCursor": "groups-\(first + 100)",
                                ],
                            ]
                        ]
                    ]
                ], options: [.sortedKeys])
        }
    }

    /// The network as snapshot files: its upcoming events and groups (`queries/<id>/`) and its
    /// past events as the backfill's answers, 200 a page (`backfill/<id>/`).
    static func writeSnapshot(into snapshot: URL, queryID: String) throws {
        let manager = FileManager.default
        let queries = snapshot.appendingPathComponent("queries/\(queryID)")
        let backfill = snapshot.appendingPathComponent("backfill/\(queryID)")
        try manager.createDirectory(at: queries, withIntermediateDirectories: true)
        try manager.createDirectory(at: backfill, withIntermediateDirectories: true)
        let events = allEvents()
        let upcoming = events.filter { ($0["status"] as? String) == "ACTIVE" }
        try eventsPage(upcoming, cursor: nil).write(to: queries.appendingPathComponent("page-001.json"))
        for (index, page) in try groupsPages().enumerated() {
            try page.write(to: queries.appendingPathComponent(String(format: "groups-%03d.json", index + 1)))
        }
        let past = events.filter { ($0["status"] as? String) == "PAST" }
        let pages = stride(from: 0, to: past.count, by: 200).map { Array(past[$0..<min($0 + 200, past.count)]) }
        for (index, page) in pages.enumerated() {
            try eventsPage(page, cursor: index + 1 < pages.count ? "p\(index + 2)" : nil).write(
                to: backfill.appendingPathComponent(String(format: "page-%03d.json", index + 1)))
        }
    }

    /// Where the chapters are: R-Ladies' spread over the continents (a city each, several
    /// chapters to a city), so the geography report and its map are of a real shape.
    static let cities: [(name: String, country: String, latitude: Double, longitude: Double)] = [
        ("New York", "us", 40.71, -74.01), ("San Francisco", "us", 37.77, -122.42), ("Chicago", "us", 41.88, -87.63),
        ("Toronto", "ca", 43.65, -79.38), ("Mexico City", "mx", 19.43, -99.13), ("Bogotá", "co", 4.71, -74.07),
        ("Lima", "pe", -12.05, -77.04), ("Santiago", "cl", -33.45, -70.67), ("Buenos Aires", "ar", -34.60, -58.38),
        ("São Paulo", "br", -23.55, -46.63), ("Rio de Janeiro", "br", -22.91, -43.17),
        ("Montevideo", "uy", -34.90, -56.16),
        ("London", "gb", 51.51, -0.13), ("Madrid", "es", 40.42, -3.70), ("Barcelona", "es", 41.39, 2.17),
        ("Paris", "fr", 48.86, 2.35), ("Berlin", "de", 52.52, 13.40), ("Munich", "de", 48.14, 11.58),
        ("Amsterdam", "nl", 52.37, 4.90), ("Stockholm", "se", 59.33, 18.07), ("Warsaw", "pl", 52.23, 21.01),
        ("Rome", "it", 41.90, 12.50), ("Istanbul", "tr", 41.01, 28.98), ("Lagos", "ng", 6.52, 3.38),
        ("Accra", "gh", 5.60, -0.19), ("Nairobi", "ke", -1.29, 36.82), ("Kampala", "ug", 0.35, 32.58),
        ("Cape Town", "za", -33.92, 18.42), ("Cairo", "eg", 30.04, 31.24), ("Bengaluru", "in", 12.97, 77.59),
        ("Delhi", "in", 28.61, 77.21), ("Karachi", "pk", 24.86, 67.01), ("Dhaka", "bd", 23.81, 90.41),
        ("Singapore", "sg", 1.35, 103.82), ("Manila", "ph", 14.60, 120.98), ("Tokyo", "jp", 35.68, 139.69),
        ("Seoul", "kr", 37.57, 126.98), ("Sydney", "au", -33.87, 151.21), ("Melbourne", "au", -37.81, 144.96),
        ("Auckland", "nz", -36.85, 174.76),
    ]

    /// What chapters run, in their languages (the topics report's and the guide's vocabulary).
    static let topics = [
        "Intro to the tidyverse", "Taller de Shiny", "Book club: R for Data Science",
        "Machine learning with tidymodels",
        "Quarto workshop", "Social: coffee and code", "Palestra: estatística bayesiana", "Atelier ggplot2",
        "Einführung in R", "Package development sprint", "Git and GitHub for beginners", "Spatial data with sf package",
        "Hackathon", "Career panel", "Advanced R: functions", "Text mining with tidytext", "R in practice",
    ]

    private static func node(id: Int, group: Int, at: Double, status: String, going: Int) -> [String: Any] {
        let formatter = ISO8601DateFormatter()
        let city = cities[group % cities.count]
        // A chapter a little off its city's centre, at one of three venues.
        let (latitude, longitude) = (
            city.latitude + Double(group % 7) * 0.01 + Double(id % 3) * 0.002, city.longitude + Double(group % 5) * 0.01
        )
        return [
            "id": "\(id)", "title": "\(topics[(id / 7) % topics.count]) · Chapter \(group) #\(id % 1000)",
            "eventUrl": "https://www.meetup.com/\(urlname(group))/events/\(id)/",
            "description": "A talk and a workshop.\n\n* 18:30 doors\n* 19:00 talk",
            "status": status, "eventType": id % 9 == 0 ? "ONLINE" : "PHYSICAL",
            "dateTime": formatter.string(from: Date(timeIntervalSince1970: at)), "duration": "PT2H",
            "venues": [
                [
                    "name": "Venue \(group)-\(id % 3)", "city": city.name, "country": city.country,
                    "lat": latitude, "lon": longitude, "venueType": id % 9 == 0 ? "online" : "",
                ]
            ],
            "group": ["id": "\(group)", "name": "R-Ladies Chapter \(group)", "urlname": urlname(group)],
            "rsvps": ["totalCount": going],
            "networkEvent": id % 500 == 0 ? ["id": "network-\(id / 500)"] : NSNull(),
        ]
    }
}
