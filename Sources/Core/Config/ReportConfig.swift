import Foundation
import MeetupModel
import MeetupNetwork

/// A validated configuration: every value here has passed `ConfigLoader`'s
/// checks, so the pipeline never re-validates.
package struct ReportConfig: Sendable {
    package var siteTitle: String
    /// The public address the site is served from (feeds and sitemaps need absolute links).
    package var baseURL: URL
    package var timeZone: TimeZone
    package var source: EventSourceConfig
    package var queries: [EventQuery]
    package var outputDirectory: URL
    package var cacheDirectory: URL
    /// What cannot be fetched again (the history, the digests' archive): it survives deleting
    /// the cache. Config `state`; by default `meetup-report-state` beside the output folder
    /// (wherever the output is moved to, `--output` included).
    package var stateDirectory: URL {
        get { explicitStateDirectory ?? Self.defaultStateDirectory(besideOutput: outputDirectory) }
        set { explicitStateDirectory = newValue }
    }
    private var explicitStateDirectory: URL?
    package var thumbnailWidth: Int
    package var photoConcurrency: Int
    package var limits: NetworkLimits
    package var history: HistorySettings
    /// The config's `templates` folder, if it names one.
    package var templatesDirectory: URL?
    /// A command run after each successful publish (config `publish`).
    package var publishCommand: PublishCommand?
    package var digest = DigestSettings()
    /// Build a Pagefind search index at publish time (config `search`, default true).
    package var search = true
    /// Where each run writes its metrics for node_exporter's textfile collector (config `metrics.file`).
    package var metricsFile: URL?
    /// The editor's rules, pinned events and notes (config `curation`, `queries[].curation`).
    package var curation = Curation()
    /// The record's reports: the health window, the community's topic categories (config `reports`).
    package var reports = ReportSettings()
    /// The site's languages, BCP 47 tags (config `language` or `languages`), the first the
    /// site's own: its words come from `<templates>/locales/<tag>.po`, its dates and numbers
    /// from the locale. With more than one, each language's site is in a folder of its own.
    package var languages = ["en"]
    /// The first language: the digest's, the one the root's pages point to.
    package var language: String {
        get { languages.first ?? "en" }
        set { languages = [newValue] }
    }

    package init(
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
    package static func defaultStateDirectory(besideOutput output: URL) -> URL {
        output.standardizedFileURL.deletingLastPathComponent().appendingPathComponent("meetup-report-state")
    }
}

/// Where events come from.
package enum EventSourceConfig: Sendable, Equatable {
    /// The live Meetup GraphQL API. Credentials come from the environment, key files
    /// and the token endpoint, never from the config file, so configs can be shared
    /// and committed.
    case meetupAPI(endpoint: URL, auth: AuthConfig)
    /// A folder written by `--record` (or an archive in the same layout), replayed offline.
    /// `origin` is what the site's footer says the events came from, when not the Meetup API
    /// (`init`'s sample events).
    case snapshot(directory: URL, origin: String? = nil)

    /// The live API with a token from an environment variable.
    package static func meetupAPI(endpoint: URL, tokenVariable: String) -> EventSourceConfig {
        .meetupAPI(endpoint: endpoint, auth: .token(variable: tokenVariable))
    }
}
