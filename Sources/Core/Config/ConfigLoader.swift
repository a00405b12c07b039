import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// Reads and validates a config file before anything touches the network:
/// a bad config costs the user one clear message, never a half-run.
package struct ConfigLoader: Sendable {
    /// Config files are hand-written; anything bigger is a mistake (or an attack).
    package static let maximumFileSize = 1 << 20
    package static let defaultEndpoint = "https://api.meetup.com/gql-ext"
    package static let defaultTokenVariable = "MEETUP_TOKEN"

    let environment: [String: String]
    let requiresToken: Bool

    /// - Parameters:
    ///   - environment: where the token variable is looked up; tests pass their own.
    ///   - requiresToken: false for `--offline`, which never calls the API.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment, requiresToken: Bool = true) {
        self.environment = environment
        self.requiresToken = requiresToken
    }

    package func load(from fileURL: URL) throws(ConfigError) -> ReportConfig {
        let file = fileURL.path
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            if let size = attributes[.size] as? Int, size > Self.maximumFileSize {
                throw ConfigError.unreadable(
                    file: file, reason: "it is \(size) bytes; a config is at most \(Self.maximumFileSize) bytes")
            }
            data = try Data(contentsOf: fileURL)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw .unreadable(file: file, reason: (error as NSError).localizedDescription)
        }
        return try parse(data, file: file, baseDirectory: fileURL.deletingLastPathComponent())
    }

    /// Validates config JSON; relative paths are resolved against `baseDirectory`
    /// (the config file's folder), so cron jobs work from any working directory.
    package func parse(_ data: Data, file: String, baseDirectory: URL) throws(ConfigError) -> ReportConfig {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw .notJSON(file: file, reason: error.located(in: data))
        }
        let root = try ConfigReader(file: file, path: "", value: document, object: ConfigSchema.root)

        let title = try root.requiredString("title")
        let baseURLText = try root.requiredString("baseURL", expected: "an absolute http(s) URL")
        guard let baseURL = URL(string: baseURLText), ["http", "https"].contains(baseURL.scheme?.lowercased() ?? ""),
            baseURL.host?.isEmpty == false
        else {
            throw root.invalid("baseURL", expected: "an absolute http(s) URL", found: .string(baseURLText))
        }
        let zoneName = try root.string("timeZone", required: false) ?? "UTC"
        guard let timeZone = TimeZone(identifier: zoneName) else {
            throw root.invalid(
                "timeZone", expected: "an IANA time zone name such as \"Europe/Berlin\"", found: .string(zoneName))
        }
        let meetupQueries = try parseQueries(
            root.require("queries", expected: "a non-empty array of queries"), root: root)
        // A site whose every query reads groups' calendar feeds needs no API, no source and no token.
        let needsAPI = meetupQueries.contains { if case .groupFeeds = $0.kind { false } else { true } }
        let source: EventSourceConfig
        if !needsAPI, root.value("source") == nil {
            source = .meetupAPI(
                endpoint: URL(string: Self.defaultEndpoint) ?? GroupFeeds.meetup, auth: .token(variable: "MEETUP_TOKEN")
            )
        } else {
            source = try ConfigLoader(environment: environment, requiresToken: requiresToken && needsAPI).parseSource(
                root.require("source", expected: "an object with \"type\""), root: root, baseDirectory: baseDirectory)
        }
        let queries =
            meetupQueries
            + (try parseCalendars(
                root.value("calendars"), queries: meetupQueries, root: root, baseDirectory: baseDirectory))
        let output = try root.string("output", required: false) ?? "Output"
        let cache = try root.string("cache", required: false) ?? ".meetup-report-cache"
        let state = try root.string("state", required: false)

        var config = ReportConfig(
            siteTitle: title,
            baseURL: baseURL,
            timeZone: timeZone,
            source: source,
            queries: queries,
            outputDirectory: Self.resolve(output, against: baseDirectory),
            cacheDirectory: Self.resolve(cache, against: baseDirectory),
            stateDirectory: state.map { Self.resolve($0, against: baseDirectory) },
            thumbnailWidth: try root.integerOrDefault("thumbnailWidth"),
            photoConcurrency: try root.integerOrDefault("photoConcurrency"),
            limits: try root.value("limits").map { value throws(ConfigError) in try parseLimits(value, root: root) }
                ?? NetworkLimits(),
            history: try root.value("history").map { value throws(ConfigError) in try parseHistory(value, root: root) }
                ?? HistorySettings()
        )
        if let templates = try root.string("templates", required: false) {
            // A folder the config names is the one it means: never replaced by another one quietly.
            let folder = Self.resolve(templates, against: baseDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw root.invalid(
                    "templates", expected: "an existing folder of templates (relative to the config)",
                    found: .string(folder.path))
            }
            config.templatesDirectory = folder
        }
        config.publishCommand = try root.value("publish").map { value throws(ConfigError) in
            try parsePublish(value, root: root)
        }
        config.search = try root.bool("search") ?? config.search
        config.languages = try parseLanguages(root)
        config.reports =
            try root.value("reports").map { value throws(ConfigError) in try parseReports(value, root: root) }
            ?? ReportSettings()
        config.metricsFile = try root.value("metrics").map { value throws(ConfigError) in
            try parseMetrics(value, root: root, baseDirectory: baseDirectory)
        }
        config.digest =
            try root.value("digest").map { value throws(ConfigError) in
                try parseDigest(value, root: root, baseDirectory: baseDirectory)
            }
            ?? DigestSettings()
        // Each query's own rules, read once the queries are known (a distance needs a search's point).
        let items = document["queries"]?.arrayValue ?? []
        let queryRules = Dictionary(
            zip(meetupQueries, items).compactMap { query, item in item["curation"].map { (query.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        config.curation = try parseCuration(
            root.value("curation"), queryRules: queryRules, queries: queries, root: root)
        return config
    }

    /// `language` ("es") or `languages` (["en", "es"]): BCP 47 tags, one of the two keys.
    private func parseLanguages(_ root: ConfigReader) throws(ConfigError) -> [String] {
        let expected = "a BCP 47 language tag such as \"es\" or \"pt-BR\""
        let isTag = { (text: String) in text.range(of: ConfigSchema.languageTag, options: .regularExpression) != nil }
        if let language = try root.string("language", required: false) {
            guard isTag(language) else { throw root.invalid("language", expected: expected, found: .string(language)) }
            if let both = root.value("languages") {
                throw root.invalid("languages", expected: "nothing beside \"language\": one of the two", found: both)
            }
            return [language]
        }
        guard let value = root.value("languages") else { return ["en"] }
        guard case .array(let items) = value, (1...12).contains(items.count) else {
            throw root.invalid(
                "languages", expected: "an array of 1 to 12 language tags, such as [\"en\", \"es\"]", found: value)
        }
        var tags: [String] = []
        for (index, item) in items.enumerated() {
            guard let tag = item.stringValue, isTag(tag), !tags.contains(tag) else {
                throw root.invalid("languages[\(index)]", expected: expected + ", each once", found: item)
            }
            tags.append(tag)
        }
        return tags
    }

    /// `publish`: `{"command": ["rsync", "-a", "--delete"], "timeoutSeconds": 600}`. An argv
    /// array, never a shell string, so nothing in it is ever interpreted by a shell.
    private func parsePublish(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> PublishCommand {
        let reader = try ConfigReader(
            file: root.file, path: root.keyPath("publish"), value: value, object: ConfigSchema.publish)
        let expected =
            "a non-empty array of strings, the program first (no shell), e.g. [\"rsync\", \"-a\", \"--delete\"]"
        let command = try reader.require("command", expected: expected)
        guard case .array(let items) = command, !items.isEmpty else {
            throw reader.invalid("command", expected: expected, found: command)
        }
        let arguments = items.compactMap(\.stringValue)
        guard arguments.count == items.count, !arguments[0].isEmpty else {
            throw reader.invalid("command", expected: expected, found: command)
        }
        return PublishCommand(
            arguments: arguments,
            timeout: try reader.number("timeoutSeconds")
                ?? PublishCommand.defaultTimeout)
    }

    /// `metrics`: `{"file": "/var/lib/prometheus/node-exporter/meetup_report.prom"}`.
    private func parseMetrics(_ value: JSONValue, root: ConfigReader, baseDirectory: URL) throws(ConfigError) -> URL {
        let reader = try ConfigReader(
            file: root.file, path: root.keyPath("metrics"), value: value, object: ConfigSchema.metrics)
        let path = try reader.requiredString(
            "file", expected: "the .prom file node_exporter's textfile collector reads")
        guard path.hasSuffix(".prom") else {
            throw reader.invalid(
                "file", expected: "a file ending in .prom (the textfile collector reads only those)",
                found: .string(path))
        }
        return Self.resolve(path, against: baseDirectory)
    }

    private func parseHistory(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> HistorySettings {
        let reader = try ConfigReader(
            file: root.file, path: root.keyPath("history"), value: value,
            object: ConfigSchema.history)
        var settings = HistorySettings()
        settings.enabled = try reader.bool("enabled") ?? settings.enabled
        settings.changeDays = try reader.integer("changeDays") ?? settings.changeDays
        settings.retentionDays =
            try reader.integer("retentionDays") ?? settings.retentionDays
        settings.chartRuns = try reader.integer("chartRuns") ?? settings.chartRuns
        return settings
    }

    private func parseLimits(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> NetworkLimits {
        let reader = try ConfigReader(
            file: root.file, path: root.keyPath("limits"), value: value,
            object: ConfigSchema.limits)
        var limits = NetworkLimits()
        limits.requestTimeout =
            try reader.number("requestTimeout") ?? limits.requestTimeout
        limits.resourceTimeout =
            try reader.number("resourceTimeout") ?? limits.resourceTimeout
        limits.runTimeout = try reader.number("runTimeout") ?? limits.runTimeout
        limits.retries = try reader.integer("retries") ?? limits.retries
        limits.retryBaseDelay =
            try reader.number("retryBaseDelay") ?? limits.retryBaseDelay
        limits.retryMaxDelay = try reader.number("retryMaxDelay") ?? limits.retryMaxDelay
        limits.retryBudget = try reader.number("retryBudget") ?? limits.retryBudget
        limits.maxResponseBytes =
            try reader.integer("maxResponseBytes") ?? limits.maxResponseBytes
        limits.maxPhotoBytes =
            try reader.integer("maxPhotoBytes") ?? limits.maxPhotoBytes
        limits.maxPhotoPixels =
            try reader.integer("maxPhotoPixels") ?? limits.maxPhotoPixels
        limits.photoFreshness =
            try reader.number("photoFreshness") ?? limits.photoFreshness
        limits.cacheRetentionDays =
            try reader.integer("cacheRetentionDays") ?? limits.cacheRetentionDays
        limits.apiRequestsPerMinute =
            try reader.integer("apiRequestsPerMinute")
            ?? limits.apiRequestsPerMinute
        return limits
    }

    private func parseSource(_ value: JSONValue, root: ConfigReader, baseDirectory: URL) throws(ConfigError)
        -> EventSourceConfig
    {
        let keyPath = root.keyPath("source")
        let type = try ConfigReader(
            file: root.file, path: keyPath, value: value,
            object: ConfigSchema.source
        )
        .requiredString("type", expected: "\"meetup-api\" or \"snapshot\"")
        switch type {
        case "meetup-api":
            let reader = try ConfigReader(
                file: root.file, path: keyPath, value: value, allowed: ["type", "endpoint", "tokenVariable", "auth"],
                object: ConfigSchema.source)
            let endpoint = try reader.secretURL(
                "endpoint", example: Self.defaultEndpoint, fallback: URL(string: Self.defaultEndpoint))
            if let auth = reader.value("auth") {
                if let variable = reader.value("tokenVariable") {
                    throw reader.invalid(
                        "tokenVariable",
                        expected: "no tokenVariable beside auth (use auth {\"type\": \"token\", \"variable\": …})",
                        found: variable)
                }
                return .meetupAPI(
                    endpoint: endpoint, auth: try parseAuth(auth, reader: reader, baseDirectory: baseDirectory))
            }
            let variable = try tokenVariable(reader, key: "tokenVariable")
            return .meetupAPI(endpoint: endpoint, auth: .token(variable: variable))
        case "snapshot":
            let reader = try ConfigReader(
                file: root.file, path: keyPath, value: value, allowed: ["type", "directory", "origin"],
                object: ConfigSchema.source)
            let directory = Self.resolve(
                try reader.requiredString("directory", expected: "the path of a snapshot folder"),
                against: baseDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                throw reader.invalid(
                    "directory", expected: "an existing snapshot folder", found: .string(directory.path))
            }
            let origin = try reader.string("origin", required: false).map(TextCleaning.singleLine)
            return .snapshot(directory: directory, origin: origin)
        default:
            throw ConfigError.invalidValue(
                file: root.file, keyPath: ConfigReader.join(keyPath, "type"),
                expected: "\"meetup-api\" or \"snapshot\"", found: ConfigReader.describe(.string(type)))
        }
    }

    /// Resolves a path from a config or the command line: `~` expanded, relative to `base`.
    package static func resolve(_ path: String, against base: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        return base.appendingPathComponent(expanded).standardizedFileURL
    }
}
