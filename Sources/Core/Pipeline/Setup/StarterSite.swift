import Foundation
import MeetupConfig
import MeetupNetwork
import MeetupSupport

/// `meetup-report init DIR`: a config that works at once (a small snapshot of sample
/// events dated from today, so it runs offline with no token), the same config for the
/// live API with every option that matters, and optionally the templates to customise.
package struct StarterSite: Sendable {
    package let directory: URL
    package let now: Date

    package init(directory: URL, now: Date) {
        self.directory = directory
        self.now = now
    }

    package static let configName = "queries.json"
    package static let liveConfigName = "queries.live.json"
    /// The configs' JSON Schema, named in their `$schema`: editors complete and check them.
    package static let schemaName = "config.schema.json"

    /// Writes the starter files; never overwrites an existing config.
    /// - Parameter templates: copied into `DIR/Templates` (and named in the config) when given.
    /// - Returns: the paths written, relative to `directory`.
    @discardableResult
    package func write(copyingTemplatesFrom templates: URL? = nil) throws -> [String] {
        let config = directory.appendingPathComponent(Self.configName)
        guard !FileManager.default.fileExists(atPath: config.path) else {
            throw CocoaError(
                .fileWriteFileExists,
                userInfo: [NSLocalizedDescriptionKey: "\(config.path) exists already; nothing was written"])
        }
        var written: [String] = []
        for (index, query) in Self.queries.enumerated() {
            let page = SnapshotLayout(root: directory.appendingPathComponent("sample-snapshot")).pageFile(
                for: query.id, page: 1)
            try FileOperations.writeAtomically(Data(samplePage(query: query, offset: index).compactJSON.utf8), to: page)
            written.append("sample-snapshot/queries/\(query.id)/page-001.json")
        }
        if let templates {
            let copy = directory.appendingPathComponent("Templates")
            try FileManager.default.copyItem(at: templates, to: copy)
            written.append("Templates/")
        }
        let snapshot = JSONValue.object([
            "type": .string("snapshot"), "directory": .string("sample-snapshot"),
            "origin": .string("sample events written by meetup-report init"),
        ])
        try FileOperations.writeAtomically(
            Data(configDocument(source: snapshot, templates: templates != nil).serialized().utf8), to: config)
        let live = JSONValue.object([
            "type": .string("meetup-api"),
            "auth": .object([
                "type": .string("jwt"), "clientKey": .string("YOUR-CLIENT-KEY"), "memberId": .string("YOUR-MEMBER-ID"),
                "signingKeyId": .string("YOUR-SIGNING-KEY-ID"), "privateKeyFile": .string("meetup-key.pem"),
            ]),
        ])
        try FileOperations.writeAtomically(
            Data(configDocument(source: live, templates: templates != nil, live: true).serialized().utf8),
            to: directory.appendingPathComponent(Self.liveConfigName))
        try FileOperations.writeAtomically(
            Data(ConfigSchema.jsonSchema().serialized().utf8), to: directory.appendingPathComponent(Self.schemaName))
        return written + [Self.configName, Self.liveConfigName, Self.schemaName]
    }

    /// The sample site's zone: its events are at 18:00 there.
    static let timeZone = "Europe/Berlin"

    static let queries: [(id: String, title: String, keyword: String)] = [
        ("swift", "Swift & iOS", "swift"), ("rust", "Rust", "rust"),
    ]

    private func configDocument(source: JSONValue, templates: Bool, live: Bool = false) -> JSONValue {
        var members: [String: JSONValue] = [
            "$schema": .string(Self.schemaName),
            "title": .string("Tech meetups near Berlin"),
            "baseURL": .string("https://events.example.org/"),
            "timeZone": .string(Self.timeZone),
            "source": source,
            "output": .string("Output"),
            "cache": .string("cache"),
            "thumbnailWidth": .number(320),
            "photoConcurrency": .number(8),
            "history": .object([
                "enabled": .bool(true), "changeDays": .number(7), "retentionDays": .number(180),
                "chartRuns": .number(30),
            ]),
            "queries": .array(
                Self.queries.map { query in
                    .object([
                        "id": .string(query.id), "title": .string(query.title), "keyword": .string(query.keyword),
                        "lat": .number(52.52), "lon": .number(13.405), "radiusMiles": .number(25),
                        "placeName": .string("Berlin"), "daysAhead": .number(30),
                    ])
                }),
        ]
        if templates { members["templates"] = .string("Templates") }
        if live {
            members["limits"] = .object([
                "requestTimeout": .number(30), "resourceTimeout": .number(120), "runTimeout": .number(900),
                "retries": .number(3), "apiRequestsPerMinute": .number(500), "cacheRetentionDays": .number(30),
            ])
            members["publish"] = .object([
                "command": .array(
                    ["sh", "-c", "rsync -a --delete \"$1\"/ www@example.org:/srv/www/meetups/", "publish"].map(
                        JSONValue.string)),
                "timeoutSeconds": .number(600),
            ])
        }
        return .object(members)
    }

    /// One `eventSearch` page of sample events, 2 to 20 days from now.
    private func samplePage(query: (id: String, title: String, keyword: String), offset: Int) -> JSONValue {
        // At 18:00 in the site's zone, written with its offset, as Meetup writes a Berlin group's
        // events: in UTC the pages said "18:00 (UTC)" on a Berlin site.
        let zone = TimeZone(identifier: Self.timeZone) ?? .gmt
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let nodes: [JSONValue] = (0..<3).map { index in
            let day = 2 + offset + index * 6
            let midnight = calendar.startOfDay(for: now.addingTimeInterval(Double(day) * 86_400))
            let start = calendar.date(bySettingHour: 18, minute: 0, second: 0, of: midnight) ?? midnight
            return .object([
                "node": .object([
                    "id": .string("sample-\(query.id)-\(index + 1)"),
                    "title": .string("\(query.title) meetup #\(index + 1) (sample)"),
                    "eventUrl": .string("https://www.meetup.com/"),
                    "description": .string(
                        "A sample event written by `meetup-report init`. Switch to queries.live.json for real ones."),
                    "status": .string("ACTIVE"),
                    "dateTime": .string(formatter.string(from: start)),
                    "duration": .string("PT2H"),
                    "venues": .array([.object(["name": .string("Sample venue"), "city": .string("Berlin")])]),
                    "group": .object([
                        "name": .string("\(query.title) Berlin"), "urlname": .string("sample-\(query.id)"),
                    ]),
                    "rsvps": .object(["totalCount": .number(Double(10 + index * 7))]),
                ])
            ])
        }
        return .object([
            "data": .object([
                "eventSearch": .object([
                    "totalCount": .number(Double(nodes.count)),
                    "pageInfo": .object(["hasNextPage": .bool(false)]),
                    "edges": .array(nodes),
                ])
            ])
        ])
    }
}
