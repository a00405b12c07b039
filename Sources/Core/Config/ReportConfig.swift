import Foundation
import MeetupModel

/// A validated configuration: every value here has passed `ConfigLoader`'s
/// checks, so the pipeline never re-validates.
public struct ReportConfig: Sendable {
    public var siteTitle: String
    /// The public address the site is served from (feeds and sitemaps need absolute links).
    public var baseURL: URL
    public var timeZone: TimeZone
    public var source: EventSourceConfig
    public var queries: [EventQuery]
    public var outputDirectory: URL
    public var cacheDirectory: URL
    /// What cannot be fetched again (the history, the digests' archive): it survives deleting
    /// the cache. Config `state`; by default `meetup-report-state` beside the output folder
    /// (wherever the output is moved to, `--output` included).
    public var stateDirectory: URL {
        get { explicitStateDirectory ?? Self.defaultStateDirectory(besideOutput: outputDirectory) }
        set { explicitStateDirectory = newValue }
    }
    private var explicitStateDirectory: URL?
    public var thumbnailWidth: Int
    public var photoConcurrency: Int
    public var limits: NetworkLimits
    public var history: HistorySettings
    /// The config's `templates` folder, if it names one.
    public var templatesDirectory: URL?
    /// A command run after each successful publish (config `publish`).
    public var publishCommand: PublishCommand?
    public var digest = DigestSettings()
    /// Build a Pagefind search index at publish time (config `search`, default true).
    public var search = true
    /// Where each run writes its metrics for node_exporter's textfile collector (config `metrics.file`).
    public var metricsFile: URL?
    /// The editor's rules, pinned events and notes (config `curation`, `queries[].curation`).
    public var curation = Curation()

    public init(
        siteTitle: String, baseURL: URL, timeZone: TimeZone, source: EventSourceConfig, queries: [EventQuery],
        outputDirectory: URL, cacheDirectory: URL, stateDirectory: URL? = nil, thumbnailWidth: Int = 320,
        photoConcurrency: Int = 8, limits: NetworkLimits = NetworkLimits(), history: HistorySettings = HistorySettings()
    ) {
        self.siteTitle = siteTitle
        self.baseURL = baseURL
        self.timeZone = timeZone
        self.source = source
        self.queries = queries
        self.outputDirectory = outputDirectory
        self.cacheDirectory = cacheDirectory
        explicitStateDirectory = stateDirectory
        self.thumbnailWidth = thumbnailWidth
        self.photoConcurrency = photoConcurrency
        self.limits = limits
        self.history = history
    }

    /// `meetup-report-state` beside the output folder: where the run lock and the staging folder
    /// already are, writable wherever the site is (a systemd unit's StateDirectory).
    public static func defaultStateDirectory(besideOutput output: URL) -> URL {
        output.standardizedFileURL.deletingLastPathComponent().appendingPathComponent("meetup-report-state")
    }
}

/// Where events come from.
public enum EventSourceConfig: Sendable, Equatable {
    /// The live Meetup GraphQL API. Credentials come from the environment, key files
    /// and the token endpoint, never from the config file, so configs can be shared
    /// and committed.
    case meetupAPI(endpoint: URL, auth: AuthConfig)
    /// A folder written by `--record` (or an archive in the same layout), replayed offline.
    case snapshot(directory: URL)

    /// The live API with a token from an environment variable.
    public static func meetupAPI(endpoint: URL, tokenVariable: String) -> EventSourceConfig {
        .meetupAPI(endpoint: endpoint, auth: .token(variable: tokenVariable))
    }
}
