import Foundation
import LoopbackServer

/// The network workload: a Meetup Pro network of 200 groups with 2,000 events,
/// followed twice: as a `network` query (40 pages of events, 2 pages of the groups'
/// analytics) and as a `groups` query of the same 200 urlnames (10 aliased batches of 20).
/// Reports the requests sent against the ones needed and the fetch stage's time against
/// its latency bound: the queries run side by side, each a chain of dependent requests, so
/// the bound is the longer chain times the round trip.
enum NetworkBench {
    static let groups = 200
    static let eventsPerGroup = 10
    static let network = "bench-network"

    static func measure(binary: String, work: URL, latencyMs: Int) async throws -> String {
        let folder = work.appendingPathComponent("network")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try LoopbackServer()
        let base = try await server.start()
        server.setLatency(.milliseconds(latencyMs))
        let (eventPages, groupPages) = try serve(on: server)

        let urlnames = (0..<groups).map(urlname)
        let config: [String: Any] = [
            "title": "Benchmark network", "baseURL": "https://bench.example.org/", "timeZone": "Europe/Berlin",
            "source": ["type": "meetup-api", "endpoint": base.appendingPathComponent("gql").absoluteString],
            "output": "Output", "cache": "cache", "history": ["enabled": true],
            "queries": [
                ["id": "network", "network": network, "daysAhead": 60],
                ["id": "groups", "groups": urlnames, "daysAhead": 60],
            ],
        ]
        let configFile = folder.appendingPathComponent("config.json")
        try JSONSerialization.data(withJSONObject: config).write(to: configFile)
        let stats = folder.appendingPathComponent("stats.json")
        server.resetCounters()
        let result = try await ChildProcess.run(
            binary,
            [
                "--config", configFile.path, "--now", "2026-11-22T08:00:00Z", "--quiet",
                "--stats", stats.path,
            ], environment: ["MEETUP_TOKEN": "bench-token"])
        await server.stop()
        guard result.status == 0 else {
            return "network workload: the run failed (\(result.status)): \(result.stderr.suffix(300))"
        }
        let figures = (try? JSONSerialization.jsonObject(with: Data(contentsOf: stats)) as? [String: Double]) ?? [:]
        // The first night also backfills the record (its requests are the stats' backfillRequests).
        let backfill = Int(figures["backfillRequests"] ?? 0)
        let needed = eventPages + groupPages + (groups + 19) / 20 + backfill
        let fetch = figures["fetchSeconds"] ?? .nan
        let bound = Double(max(eventPages + groupPages, (groups + 19) / 20)) * Double(latencyMs) / 1000
        let report =
            try? JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("Output/groups.json"))) as? [String: Any]
        return """
            | network workload (\(groups) groups, \(groups * eventsPerGroup) events, \(latencyMs) ms a request) | measured |
            |---|---:|
            | API requests (needed: \(eventPages) event pages + \(groupPages) groups pages + \((groups + 19) / 20) batches + \(backfill) backfill = \(needed)) | \(server.counters.graphQLRequests) |
            | events on the site | \(Int(figures["events"] ?? 0)) |
            | groups in the report | \(report?["groupCount"] as? Int ?? 0) |
            | fetch stage | \(String(format: "%.2f s", fetch)) |
            | its latency bound (the longer chain: \(eventPages + groupPages) requests) | \(String(format: "%.2f s", bound)) |
            | fetch / bound | \(String(format: "%.2fx", fetch / bound)) |
            | whole run, wall (render and search of 2,000 events included) | \(String(format: "%.2f s", result.wallSeconds)) |
            """
    }

    static func urlname(_ index: Int) -> String { "bench-chapter-\(index)" }

    /// Registers the network's event and groups pages and each group; returns how many pages of each.
    private static func serve(on server: LoopbackServer) throws -> (eventPages: Int, groupPages: Int) {
        let nodes = (0..<groups).map { group in (0..<eventsPerGroup).map { node(group: group, index: $0) } }
        let all = nodes.flatMap { $0 }.sorted { ($0["dateTime"] as? String ?? "") < ($1["dateTime"] as? String ?? "") }
        let eventPages = try stride(from: 0, to: all.count, by: 50).map { start in
            let last = start + 50 >= all.count
            return try body([
                "proNetwork": [
                    "eventsSearch": connection(
                        Array(all[start..<min(start + 50, all.count)]),
                        total: all.count, next: last ? nil : "events-\(start + 50)")
                ]
            ])
        }
        server.setPages(eventPages, forNetwork: network)
        let groupEdges: [[String: Any]] = (0..<groups).map { group in
            [
                "cursor": "g\(group)",
                "node": [
                    "id": "\(group)", "name": "Bench chapter \(group)", "urlname": urlname(group), "city": "Berlin",
                    "link": "https://www.meetup.com/\(urlname(group))/",
                ],
                "metadata": [
                    "lastEventDate": group % 5 == 0 ? "2025-01-15T18:00:00+01:00" : "2026-11-01T18:00:00+01:00",
                    "nextEventDate": "2026-12-01T18:00:00+01:00", "totalMembers": 100 + group, "totalPastEvents": 20,
                    "totalUpcomingEvents": eventsPerGroup,
                ],
            ]
        }
        let groupPages = try stride(from: 0, to: groups, by: 100).map { start in
            try body([
                "proNetwork": [
                    "groupsSearch": [
                        "totalCount": groups, "edges": Array(groupEdges[start..<min(start + 100, groups)]),
                        "pageInfo": ["hasNextPage": start + 100 < groups, "endCursor": "groups-\(start + 100)"],
                    ]
                ]
            ])
        }
        server.setGroupsPages(groupPages, forNetwork: network)
        for group in 0..<groups {
            let page = try JSONSerialization.data(
                withJSONObject: connection(nodes[group], total: eventsPerGroup, next: nil), options: [.sortedKeys])
            server.setGroup(
                urlname(group), name: "Bench chapter \(group)", pages: [page],
                lastEventAt: group % 5 == 0 ? "2025-01-15T18:00:00+01:00" : "2026-11-01T18:00:00+01:00")
        }
        return (eventPages.count, groupPages.count)
    }

    private static func connection(_ nodes: [[String: Any]], total: Int, next: String?) -> [String: Any] {
        [
            "totalCount": total,
            "pageInfo": ["hasNextPage": next != nil, "endCursor": next.map { $0 as Any } ?? NSNull()],
            "edges": nodes.map { ["node": $0] },
        ]
    }

    private static func body(_ data: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["data": data], options: [.sortedKeys])
    }

    private static func node(group: Int, index: Int) -> [String: Any] {
        let id = 500_000_000 + group * eventsPerGroup + index
        let day = 1 + (group + index * 3) % 28
        return [
            "id": "\(id)", "title": "Chapter \(group) meetup \(index): R in practice",
            "eventUrl": "https://www.meetup.com/\(urlname(group))/events/\(id)/",
            "description":
                "A talk and a workshop.\n\n* 18:30 doors\n* 19:00 talk\n* 20:00 [workshop](https://example.org/\(id))",
            "status": "ACTIVE", "eventType": "PHYSICAL",
            "dateTime": String(format: "2026-12-%02dT%02d:00:00+01:00", day, 17 + index % 4), "duration": "PT2H",
            "venues": [["name": "Venue \(group)", "city": "Berlin", "lat": 52.5, "lon": 13.4, "venueType": ""]],
            "group": ["name": "Bench chapter \(group)", "urlname": urlname(group)],
            "rsvps": ["totalCount": index * 7],
        ]
    }
}
