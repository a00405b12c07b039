import Foundation

/// Reads and validates a config file before anything touches the network:
/// a bad config costs the user one clear message, never a half-run.
public struct ConfigLoader: Sendable {
    /// Config files are hand-written; anything bigger is a mistake (or an attack).
    public static let maximumFileSize = 1 << 20
    public static let defaultEndpoint = "https://api.meetup.com/gql-ext"
    public static let defaultTokenVariable = "MEETUP_TOKEN"

    private let environment: [String: String]
    private let requiresToken: Bool

    /// - Parameters:
    ///   - environment: where the token variable is looked up; tests pass their own.
    ///   - requiresToken: false for `--offline`, which never calls the API.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, requiresToken: Bool = true) {
        self.environment = environment
        self.requiresToken = requiresToken
    }

    public func load(from fileURL: URL) throws(ConfigError) -> ReportConfig {
        let file = fileURL.path
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            if let size = attributes[.size] as? Int, size > Self.maximumFileSize {
                throw ConfigError.unreadable(file: file, reason: "it is \(size) bytes; a config is at most \(Self.maximumFileSize) bytes")
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
    public func parse(_ data: Data, file: String, baseDirectory: URL) throws(ConfigError) -> ReportConfig {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw .notJSON(file: file, reason: error.reason)
        }
        let root = try ConfigReader(file: file, path: "", value: document, allowed: [
            "title", "baseURL", "timeZone", "source", "queries", "output", "cache", "thumbnailWidth", "photoConcurrency", "limits", "history",
        ])

        let title = try root.requiredString("title")
        let baseURLText = try root.requiredString("baseURL", expected: "an absolute http(s) URL")
        guard let baseURL = URL(string: baseURLText), ["http", "https"].contains(baseURL.scheme?.lowercased() ?? ""),
              baseURL.host?.isEmpty == false else {
            throw root.invalid("baseURL", expected: "an absolute http(s) URL", found: .string(baseURLText))
        }
        let zoneName = try root.string("timeZone", required: false) ?? "UTC"
        guard let timeZone = TimeZone(identifier: zoneName) else {
            throw root.invalid("timeZone", expected: "an IANA time zone name such as \"Europe/Berlin\"", found: .string(zoneName))
        }
        let source = try parseSource(root.require("source", expected: "an object with \"type\""), root: root, baseDirectory: baseDirectory)
        let queries = try parseQueries(root.require("queries", expected: "a non-empty array of queries"), root: root)
        let output = try root.string("output", required: false) ?? "Output"
        let cache = try root.string("cache", required: false) ?? ".meetup-report-cache"

        return ReportConfig(
            siteTitle: title,
            baseURL: baseURL,
            timeZone: timeZone,
            source: source,
            queries: queries,
            outputDirectory: Self.resolve(output, against: baseDirectory),
            cacheDirectory: Self.resolve(cache, against: baseDirectory),
            thumbnailWidth: try root.integer("thumbnailWidth", in: 16...2048, required: false) ?? 320,
            photoConcurrency: try root.integer("photoConcurrency", in: 1...64, required: false) ?? 8,
            limits: try root.value("limits").map { value throws(ConfigError) in try parseLimits(value, root: root) } ?? NetworkLimits(),
            history: try root.value("history").map { value throws(ConfigError) in try parseHistory(value, root: root) } ?? HistorySettings()
        )
    }

    private func parseHistory(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> HistorySettings {
        let reader = try ConfigReader(file: root.file, path: root.keyPath("history"), value: value,
                                      allowed: ["enabled", "changeDays", "retentionDays", "chartRuns"])
        var settings = HistorySettings()
        if let enabled = reader.value("enabled") {
            guard case .bool(let flag) = enabled else { throw reader.invalid("enabled", expected: "true or false", found: enabled) }
            settings.enabled = flag
        }
        settings.changeDays = try reader.integer("changeDays", in: 0...365, required: false) ?? settings.changeDays
        settings.retentionDays = try reader.integer("retentionDays", in: 1...3650, required: false) ?? settings.retentionDays
        settings.chartRuns = try reader.integer("chartRuns", in: 2...365, required: false) ?? settings.chartRuns
        return settings
    }

    private func parseLimits(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> NetworkLimits {
        let reader = try ConfigReader(file: root.file, path: root.keyPath("limits"), value: value, allowed: [
            "requestTimeout", "resourceTimeout", "runTimeout", "retries", "retryBaseDelay", "retryMaxDelay", "retryBudget",
            "maxResponseBytes", "maxPhotoBytes", "maxPhotoPixels", "photoFreshness", "cacheRetentionDays",
            "apiRequestsPerMinute",
        ])
        var limits = NetworkLimits()
        limits.requestTimeout = try reader.number("requestTimeout", in: 0.1...600, required: false) ?? limits.requestTimeout
        limits.resourceTimeout = try reader.number("resourceTimeout", in: 0.1...3600, required: false) ?? limits.resourceTimeout
        limits.runTimeout = try reader.number("runTimeout", in: 1...86_400, required: false) ?? limits.runTimeout
        limits.retries = try reader.integer("retries", in: 0...10, required: false) ?? limits.retries
        limits.retryBaseDelay = try reader.number("retryBaseDelay", in: 0...60, required: false) ?? limits.retryBaseDelay
        limits.retryMaxDelay = try reader.number("retryMaxDelay", in: 0...3600, required: false) ?? limits.retryMaxDelay
        limits.retryBudget = try reader.number("retryBudget", in: 0...86_400, required: false) ?? limits.retryBudget
        limits.maxResponseBytes = try reader.integer("maxResponseBytes", in: 1024...(1 << 30), required: false) ?? limits.maxResponseBytes
        limits.maxPhotoBytes = try reader.integer("maxPhotoBytes", in: 1024...(1 << 30), required: false) ?? limits.maxPhotoBytes
        limits.maxPhotoPixels = try reader.integer("maxPhotoPixels", in: 1...1_000_000_000, required: false) ?? limits.maxPhotoPixels
        limits.photoFreshness = try reader.number("photoFreshness", in: 0...31_536_000, required: false) ?? limits.photoFreshness
        limits.cacheRetentionDays = try reader.integer("cacheRetentionDays", in: 1...3650, required: false) ?? limits.cacheRetentionDays
        limits.apiRequestsPerMinute = try reader.integer("apiRequestsPerMinute", in: 1...100_000, required: false)
            ?? limits.apiRequestsPerMinute
        return limits
    }

    private func parseSource(_ value: JSONValue, root: ConfigReader, baseDirectory: URL) throws(ConfigError) -> EventSourceConfig {
        let keyPath = root.keyPath("source")
        let type = try ConfigReader(file: root.file, path: keyPath, value: value, allowed: ["type", "endpoint", "tokenVariable", "auth", "directory"])
            .requiredString("type", expected: "\"meetup-api\" or \"snapshot\"")
        switch type {
        case "meetup-api":
            let reader = try ConfigReader(file: root.file, path: keyPath, value: value, allowed: ["type", "endpoint", "tokenVariable", "auth"])
            let endpointText = try reader.string("endpoint", required: false) ?? Self.defaultEndpoint
            guard let endpoint = URL(string: endpointText), ["http", "https"].contains(endpoint.scheme?.lowercased() ?? ""),
                  endpoint.host?.isEmpty == false else {
                throw reader.invalid("endpoint", expected: "an absolute http(s) URL", found: .string(endpointText))
            }
            if let auth = reader.value("auth") {
                if let variable = reader.value("tokenVariable") {
                    throw reader.invalid("tokenVariable", expected: "no tokenVariable beside auth (use auth {\"type\": \"token\", \"variable\": …})",
                                         found: variable)
                }
                return .meetupAPI(endpoint: endpoint, auth: try parseAuth(auth, reader: reader, baseDirectory: baseDirectory))
            }
            let variable = try tokenVariable(reader, key: "tokenVariable")
            return .meetupAPI(endpoint: endpoint, auth: .token(variable: variable))
        case "snapshot":
            let reader = try ConfigReader(file: root.file, path: keyPath, value: value, allowed: ["type", "directory"])
            let directory = Self.resolve(try reader.requiredString("directory", expected: "the path of a snapshot folder"),
                                         against: baseDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw reader.invalid("directory", expected: "an existing snapshot folder", found: .string(directory.path))
            }
            return .snapshot(directory: directory)
        default:
            throw ConfigError.invalidValue(file: root.file, keyPath: ConfigReader.join(keyPath, "type"),
                                           expected: "\"meetup-api\" or \"snapshot\"", found: ConfigReader.describe(.string(type)))
        }
    }

    private func parseQueries(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> [EventQuery] {
        guard case .array(let items) = value, !items.isEmpty else {
            throw root.invalid("queries", expected: "a non-empty array of queries", found: value)
        }
        var queries: [EventQuery] = []
        var firstUse: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let path = "\(root.keyPath("queries"))[\(index)]"
            let reader = try ConfigReader(file: root.file, path: path, value: item, allowed: [
                "id", "title", "keyword", "lat", "lon", "radiusMiles", "daysAhead", "maxEvents",
            ])
            let id = try reader.requiredString("id", expected: "a slug of lowercase letters, digits and dashes")
            guard id.range(of: #"^[a-z0-9][a-z0-9-]{0,62}$"#, options: .regularExpression) != nil else {
                throw reader.invalid("id", expected: "a slug of lowercase letters, digits and dashes (at most 63), such as \"swift-berlin\"",
                                     found: .string(id))
            }
            if let first = firstUse[id] {
                throw .duplicateQueryID(file: root.file, keyPath: reader.keyPath("id"), id: id, firstKeyPath: first)
            }
            firstUse[id] = reader.keyPath("id")
            queries.append(EventQuery(
                id: id,
                title: try reader.string("title", required: false),
                keyword: try reader.requiredString("keyword"),
                latitude: try reader.requiredNumber("lat", in: -90...90),
                longitude: try reader.requiredNumber("lon", in: -180...180),
                radiusMiles: try reader.number("radiusMiles", in: 0...500, required: false, allowLowerBound: false) ?? 25,
                daysAhead: try reader.integer("daysAhead", in: 1...365, required: false) ?? 30,
                maxEvents: try reader.integer("maxEvents", in: 1...10_000, required: false)
            ))
        }
        return queries
    }

    /// `source.auth`: which OAuth flow the run uses, with what it needs.
    private func parseAuth(_ value: JSONValue, reader source: ConfigReader, baseDirectory: URL) throws(ConfigError) -> AuthConfig {
        let keyPath = source.keyPath("auth")
        let flows = "\"jwt\", \"refresh-token\" or \"token\""
        let type = try ConfigReader(file: source.file, path: keyPath, value: value, allowed: [
            "type", "variable", "clientKey", "memberId", "signingKeyId", "privateKeyFile", "clientId", "clientSecretVariable",
            "refreshTokenFile", "tokenEndpoint",
        ]).requiredString("type", expected: flows)
        func endpoint(_ reader: ConfigReader) throws(ConfigError) -> URL {
            guard let text = try reader.string("tokenEndpoint", required: false) else { return AuthConfig.defaultTokenEndpoint }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
                throw reader.invalid("tokenEndpoint", expected: "an absolute http(s) URL", found: .string(text))
            }
            return url
        }
        switch type {
        case "token":
            let reader = try ConfigReader(file: source.file, path: keyPath, value: value, allowed: ["type", "variable"])
            return .token(variable: try tokenVariable(reader, key: "variable"))
        case "jwt":
            let reader = try ConfigReader(file: source.file, path: keyPath, value: value, allowed: [
                "type", "clientKey", "memberId", "signingKeyId", "privateKeyFile", "tokenEndpoint",
            ])
            let keyFile = try reader.requiredString("privateKeyFile", expected: "the path of the PEM private key registered with Meetup")
            return .jwt(JWTBearerAuth(
                clientKey: try reader.requiredString("clientKey", expected: "the OAuth client's key"),
                memberID: try reader.requiredString("memberId", expected: "the id of the member the client acts for"),
                signingKeyID: try reader.requiredString("signingKeyId", expected: "the id Meetup gave the signing key"),
                privateKeyFile: credentialFile(keyFile, baseDirectory: baseDirectory),
                tokenEndpoint: try endpoint(reader)))
        case "refresh-token":
            let reader = try ConfigReader(file: source.file, path: keyPath, value: value, allowed: [
                "type", "clientId", "clientSecretVariable", "refreshTokenFile", "tokenEndpoint",
            ])
            let variable = try reader.requiredString("clientSecretVariable", expected: "an environment variable name such as MEETUP_CLIENT_SECRET")
            guard Self.isVariableName(variable) else {
                throw reader.invalid("clientSecretVariable", expected: "an environment variable name such as MEETUP_CLIENT_SECRET",
                                     found: .string(variable))
            }
            guard !requiresToken || Self.isSet(environment[variable]) else {
                throw .missingSecret(file: reader.file, keyPath: reader.keyPath("clientSecretVariable"), variable: variable,
                                     what: "the OAuth client's secret")
            }
            return .refreshToken(RefreshTokenAuth(
                clientID: try reader.requiredString("clientId", expected: "the OAuth client's id"),
                clientSecretVariable: variable,
                refreshTokenFile: Self.resolve(try reader.requiredString("refreshTokenFile", expected: "the path of the refresh token file"),
                                               against: baseDirectory),
                tokenEndpoint: try endpoint(reader)))
        default:
            throw ConfigError.invalidValue(file: source.file, keyPath: ConfigReader.join(keyPath, "type"),
                                           expected: flows, found: ConfigReader.describe(.string(type)))
        }
    }

    /// An environment variable holding the access token, checked to be set unless offline.
    private func tokenVariable(_ reader: ConfigReader, key: String) throws(ConfigError) -> String {
        let variable = try reader.string(key, required: false) ?? Self.defaultTokenVariable
        guard Self.isVariableName(variable) else {
            throw reader.invalid(key, expected: "an environment variable name such as MEETUP_TOKEN", found: .string(variable))
        }
        guard !requiresToken || Self.isSet(environment[variable]) else {
            throw .missingToken(file: reader.file, keyPath: reader.keyPath(key), variable: variable)
        }
        return variable
    }

    /// A relative key file is looked up in systemd's `$CREDENTIALS_DIRECTORY` first
    /// (so `LoadCredential=` works), then beside the config.
    private func credentialFile(_ path: String, baseDirectory: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if !expanded.hasPrefix("/"), let credentials = environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty {
            let candidate = URL(fileURLWithPath: credentials).appendingPathComponent(expanded).standardizedFileURL
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return Self.resolve(path, against: baseDirectory)
    }

    private static func isVariableName(_ name: String) -> Bool {
        name.range(of: #"^[A-Za-z_][A-Za-z0-9_]*$"#, options: .regularExpression) != nil
    }

    private static func isSet(_ value: String?) -> Bool {
        value.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } == true
    }

    /// Resolves a path from a config or the command line: `~` expanded, relative to `base`.
    public static func resolve(_ path: String, against base: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        return base.appendingPathComponent(expanded).standardizedFileURL
    }
}
