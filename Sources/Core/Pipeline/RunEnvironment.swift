import Foundation
import MeetupConfig
import MeetupFetch
import MeetupHistory
import MeetupModel
import MeetupNetwork
import MeetupPhotos
import MeetupRender
import MeetupSupport

/// Everything a run's steps share and nothing they change: built once per run,
/// from the config, before the first step. Every IO edge (event source, photo
/// fetcher, thumbnailer, clock) is chosen here, so tests run the same steps against a
/// loopback server and temp folders.
struct RunEnvironment: Sendable {
    let config: ReportConfig
    /// The renderer's part of the config, made once: the first language's (the digest's).
    var site: SiteSettings { sites[0].settings }
    var templates: SiteTemplates { sites[0].templates }
    /// The site in each of its languages (one for most sites), each rendered into its folder.
    let sites: [LanguageSite]
    let now: Date
    let offline: Bool
    let observer: any RunObserver
    let cache: PhotoCache
    let lastGood: LastGoodEvents
    let history: HistoryStore?
    let eventSource: any EventSource
    /// Nil when no request can be sent (snapshot, offline).
    let transport: HTTPTransport?
    /// Where the backfill reads past events; nil offline.
    let pastEvents: (any PastEventsSource)?
    let recorder: SnapshotRecorder?
    /// Started before the fetch, so downloads overlap it.
    let photos: PhotoPipeline
    let publisher: SitePublisher
    /// What the render and the search keep from one night to the next.
    let buildCache: BuildCache
    /// What every child process (Pagefind, the publish command, sendmail) gets: the
    /// process environment without the run's secrets.
    let children: ChildEnvironment
    let redactor: SecretRedactor
    /// `--digest-stdout`: the summary carries the plain-text digest for the front end to print.
    let digestToStandardOutput: Bool
    /// `limits.runTimeout` from the run's start: the transport's requests, the calendars'
    /// reading and every step hold to it (`StepRunner`).
    let deadline: ContinuousClock.Instant
    /// Posts the digest to the config's chat rooms; nil without any (or offline).
    let chat: ChatDelivery?
    /// Each event's words for the curation's word rules, made once (fetch and curate share them).
    let eventTexts = EventTexts()
}

/// One language of the site: its settings (its language, its folder's address) and its templates
/// (their words in it).
struct LanguageSite: Sendable {
    let settings: SiteSettings
    let templates: SiteTemplates

    /// The config's languages: for one, the site as it always was; for several, each language in
    /// its folder ("es/"), its address below the site's, and every folder known to each (hreflang).
    static func make(_ config: ReportConfig, templates directory: URL?) throws(RunAbort) -> [LanguageSite] {
        var loaded: [(SiteLanguage, SiteTemplates)] = []
        for tag in config.languages {
            var language = SiteLanguage.english
            var templates = SiteTemplates.none
            if let directory {
                do {
                    language = try SiteLanguage.load(tag, templates: directory)
                } catch {
                    throw RunAbort(reason: "language “\(tag)”: \(error.description)")
                }
                do {
                    templates = try SiteTemplates(directory: directory, language: language)
                } catch {
                    throw RunAbort(reason: error.description)
                }
            }
            loaded.append((language, templates))
        }
        guard loaded.count > 1 else {
            return loaded.map { LanguageSite(settings: SiteSettings(config, language: $0.0), templates: $0.1) }
        }
        let translations = loaded.map { language, _ in
            SiteSettings.Translation(
                tag: language.tag, name: Self.name(of: language.tag),
                folder: language.tag + "/")
        }
        return loaded.map { language, templates in
            var settings = SiteSettings(config, language: language)
            settings.translations = translations
            settings.rootURL = config.baseURL
            settings.baseURL = Sitemap.absolute(language.tag + "/", baseURL: config.baseURL)
            return LanguageSite(settings: settings, templates: templates)
        }
    }
}

extension LanguageSite {
    /// "English", "Español", "Português (Brasil)": a language in its own words, as the menu offers it.
    static func name(of tag: String) -> String {
        let locale = Locale(identifier: tag.replacingOccurrences(of: "-", with: "_"))
        guard let name = locale.localizedString(forIdentifier: locale.identifier) else { return tag }
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}

/// What the steps learn as they go, and the summary they fill in.
struct RunContext: Sendable {
    var summary = RunSummary()
    /// Every query's outcome, upcoming events only (after `FetchStep`).
    var fetched = FetchedEvents(outcomes: [])
    /// The same without the events the editor's rules remove: what the site, digest and
    /// photos use (after `CurateStep`). The history records `fetched`.
    var shown = FetchedEvents(outcomes: [])
    /// What the history says of tonight's events (after `HistoryReportStep`).
    var report: HistoryReport?
    /// The community's record with tonight's events (after `HistoryReportStep`).
    var record: CommunityRecord?
    /// Tonight's events are in the record already (kept before the render, so the site shows
    /// them as a re-run will); else the record step keeps them, after an abort too.
    var keptTonight = false
    /// Events the editor's rules hide, and events a config excludes by name (after `CurateStep`):
    /// their changes are neither shown nor recorded.
    var hiddenEventIDs: Set<String> = []
    /// The groups report, when a query follows groups (after `GroupsReportStep`).
    var groups: GroupsReport?
    var photos = PhotoSet(thumbnails: [:], statistics: PhotoStatistics(), warnings: [])
    /// The folder the night's site is built in (after `StageStep`), until it is published or discarded.
    var staging: URL?
    /// The search index being made beside the render (`SearchIndexStep`, finished before the publish).
    var search: BackgroundWork<SearchIndexStep.Outcome>?
    /// The cache's sweep, beside the record step (`SweepCacheStep`, finished at the run's end).
    var sweep: BackgroundWork<Void>?
    /// The rendered site, not yet published (after `RenderStep`).
    var staged: StagedSite?
    /// The render manifest being saved, once the site is published (`PublishStep`, finished at the run's end).
    var manifest: BackgroundWork<Void>?
    /// Each event's description as plain text by event id, when the render made or loaded
    /// them (the search records of shards indexed after it reuse them), read when asked.
    var plainDescriptions: TextsByEvent = [:]
    var digest: Digest?
    /// Tonight's digest as the archive keeps it; saved once the site is published.
    var digestEntry: DigestArchive.Entry?
    /// Tonight's digest says something the day's digest did not say before (a re-run
    /// that adds nothing sends no second copy to stdout or by mail).
    var digestIsNews = false
    var digestArchive: [DigestArchive.Entry] = []

    var isAborted: Bool { summary.abortReason != nil }

    /// The history's report without the changes of hidden events: what the pages, the digest
    /// and the record see.
    var shownReport: HistoryReport? {
        guard var report, !hiddenEventIDs.isEmpty else { return report }
        report.changes.removeAll { hiddenEventIDs.contains($0.eventID) }
        return report
    }
}

/// A site rendered into a staging folder beside the output, with what it kept and made:
/// the render step's result, which the publish step swaps in and, once it is the published
/// site, remembers for tomorrow's render.
struct StagedSite: Sendable {
    let folder: URL
    let memo: RenderMemo
}

/// Why a step stopped the run; the steps after it that must run anyway still do.
struct RunAbort: Error, Sendable {
    let reason: String
}
