import Foundation

/// Test inputs: recorded payloads, real images, and small builders for GraphQL pages.
enum Fixtures {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(relativePath))
    }

    /// The package root, for the templates and the demo.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var templates: URL { packageRoot.appendingPathComponent("Templates") }

    /// A GraphQL `eventSearch` node in the shape the live API returns.
    static func node(
        id: String, title: String, dateTime: String, venue: String? = "Factory Berlin", city: String = "Berlin",
        online: Bool = false, groupName: String = "Swift Berlin", groupPhoto: String? = nil,
        eventPhoto: String? = nil, going: Int? = 12, description: String = "Talks and pizza.",
        eventURL: String? = nil, token: String? = nil
    ) -> [String: Any] {
        var venues: [[String: Any]] = []
        if let venue {
            venues.append(["id": "1", "name": venue, "city": city, "lat": 52.5, "lon": 13.4, "venueType": ""])
        }
        if online {
            venues.append([
                "id": "26906060", "name": "Online event", "city": "", "lat": -8.5, "lon": 179.2, "venueType": "online",
            ])
        }
        var group: [String: Any] = [
            "id": "9", "name": groupName, "urlname": groupName.lowercased().replacingOccurrences(of: " ", with: "-"),
        ]
        group["keyGroupPhoto"] =
            groupPhoto.map {
                [
                    "id": "1", "baseUrl": "https://secure-content.meetupstatic.com/images/classic-events/",
                    "highResUrl": $0,
                ]
            } ?? NSNull()
        var node: [String: Any] = [
            "id": id, "title": title, "eventUrl": eventURL ?? "https://www.meetup.com/x/events/\(id)/",
            "description": description, "status": "ACTIVE", "eventType": online ? "ONLINE" : "PHYSICAL",
            "dateTime": dateTime, "duration": "PT2H", "venues": venues, "group": group,
            "featuredEventPhoto": eventPhoto.map { ["id": "2", "highResUrl": $0] } ?? NSNull(),
            "rsvps": going.map { ["totalCount": $0] } ?? NSNull(),
        ]
        if let token { node["token"] = token }
        return node
    }

    /// An `eventSearch` response body.
    static func page(_ nodes: [[String: Any]], endCursor: String?) throws -> Data {
        let body: [String: Any] = [
            "data": [
                "eventSearch": [
                    "totalCount": nodes.count,
                    "pageInfo": [
                        "hasNextPage": endCursor != nil, "endCursor": endCursor.map { $0 as Any } ?? NSNull(),
                    ],
                    "edges": nodes.map { ["cursor": "c", "node": $0] },
                ]
            ]
        ]
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// A page of a Pro network's `proNetwork.eventsSearch`, the shape of the recorded
    /// `meetupr/pro-events-3.json` (its nodes carry the fields this tool asks for).
    static func networkPage(_ nodes: [[String: Any]], endCursor: String?, totalCount: Int? = nil) throws -> Data {
        let body: [String: Any] = [
            "data": [
                "proNetwork": [
                    "eventsSearch": [
                        "totalCount": totalCount ?? nodes.count,
                        "pageInfo": [
                            "hasNextPage": endCursor != nil, "endCursor": endCursor.map { $0 as Any } ?? NSNull(),
                        ],
                        "edges": nodes.map { ["node": $0] },
                    ]
                ]
            ]
        ]
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// One page of a Pro network's `groupsSearch`, each edge a `Group` node with its
    /// `GroupAnalytics` metadata (shapes from the live schema; no recording covers them).
    static func networkGroupsPage(
        _ groups: [(urlname: String, name: String, lastEventDate: String?)], endCursor: String?
    ) throws -> Data {
        let edges: [[String: Any]] = groups.map { group in
            [
                "cursor": group.urlname,
                "node": [
                    "id": "id-\(group.urlname)", "name": group.name, "urlname": group.urlname, "city": "Somewhere",
                    "link": "https://www.meetup.com/\(group.urlname)/",
                ],
                "metadata": [
                    "lastEventDate": group.lastEventDate.map { $0 as Any } ?? NSNull(), "nextEventDate": NSNull(),
                    "totalMembers": 120, "totalPastEvents": group.lastEventDate == nil ? 0 : 12,
                    "totalUpcomingEvents": 0,
                ],
            ]
        }
        let body: [String: Any] = [
            "data": [
                "proNetwork": [
                    "groupsSearch": [
                        "totalCount": groups.count,
                        "pageInfo": [
                            "hasNextPage": endCursor != nil, "endCursor": endCursor.map { $0 as Any } ?? NSNull(),
                        ],
                        "edges": edges,
                    ]
                ]
            ]
        ]
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// One page of a group's `events` connection (what `LoopbackServer.setGroup` serves).
    static func groupConnection(_ nodes: [[String: Any]], endCursor: String?) throws -> Data {
        let body: [String: Any] = [
            "totalCount": nodes.count,
            "pageInfo": ["hasNextPage": endCursor != nil, "endCursor": endCursor.map { $0 as Any } ?? NSNull()],
            "edges": nodes.map { ["cursor": "c", "node": $0] },
        ]
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// A temporary folder, removed when the returned handle is released at the end of a test.
    static func temporaryDirectory() throws -> TemporaryDirectory { try TemporaryDirectory() }
}

final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("meetup-report-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ component: String) -> URL { url.appendingPathComponent(component) }
}

extension String {
    /// The page without the site's own search scripts (Pagefind's UI and its start-up), so a
    /// test can check that no other `<script` reached it from the data.
    package var withoutSiteScripts: String {
        var text = self
        for tag in [#"<script src=""#, "<script data-search-init>"] {
            while let range = text.range(of: tag) {
                let end =
                    text.range(of: "</script>", range: range.upperBound..<text.endIndex)?.upperBound ?? range.upperBound
                text.removeSubrange(range.lowerBound..<end)
            }
        }
        return text
    }
}
