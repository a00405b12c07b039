import Foundation
import MeetupConfig
import MeetupDigest
import MeetupFetch
import MeetupHistory
import MeetupModel
import MeetupNetwork
import MeetupPhotos
import MeetupPublish
import MeetupRender
import MeetupSnapshot
import MeetupSupport

/// Everything a run's steps share and nothing they change: built once per run,
/// from the config, before the first step. Every IO edge (event source, photo
/// fetcher, thumbnailer, clock) is chosen here, so tests run the same steps against a
/// loopback server and temp folders.
struct RunEnvironment: Sendable {
    let config: ReportConfig
    let templates: SiteTemplates
    let now: Date
    let offline: Bool
    let observer: any RunObserver
    let cache: PhotoCache
    let lastGood: LastGoodEvents
    let history: HistoryStore?
    let eventSource: any EventSource
    /// Nil when no request can be sent (snapshot, offline).
    let transport: HTTPTransport?
    let recorder: SnapshotRecorder?
    /// Started before the fetch, so downloads overlap it.
    let photos: PhotoPipeline
    let publisher: SitePublisher
    /// What every child process (Pagefind, the publish command, sendmail) gets: the
    /// process environment without the run's secrets.
    let children: ChildEnvironment
    let redactor: SecretRedactor
    /// `--digest-stdout`: the summary carries the plain-text digest for the front end to print.
    let digestToStandardOutput: Bool
    /// `limits.runTimeout` from the run's start: the transport's requests, the calendars'
    /// reading and every step hold to it (`StepRunner`).
    let deadline: ContinuousClock.Instant
    /// Each event's words for the curation's word rules, made once (fetch and curate share them).
    let eventTexts = EventTexts()
}

/// What the steps learn as they go, and the summary they fill in.
struct RunContext: Sendable {
    var summary = RunSummary()
    /// Every query's outcome, upcoming events only (after `FetchStep`).
    var fetched = FetchedEvents(outcomes: [])
    /// The same without the events the editor's rules remove: what the site, digest and
    /// photos use (after `CurateStep`). The history records `fetched`.
    var shown = FetchedEvents(outcomes: [])
    var report: HistoryReport?
    /// The groups report, when a query follows groups (after `GroupsReportStep`).
    var groups: GroupsReport?
    var photos = PhotoSet(thumbnails: [:], statistics: PhotoStatistics(), warnings: [])
    /// The rendered site, not yet published (after `RenderStep`).
    var staging: URL?
    /// What tonight's site kept and made, saved once it is published.
    var renderMemo: RenderMemo?
    /// Each event's description as plain text by event id, when the render made or loaded
    /// them (the search records reuse them).
    var plainDescriptions: [String: String] = [:]
    var digest: Digest?
    /// Tonight's digest as the archive keeps it; saved once the site is published.
    var digestEntry: DigestArchive.Entry?
    /// Tonight's digest says something the day's digest did not say before (a re-run
    /// that adds nothing sends no second copy to stdout or by mail).
    var digestIsNews = false
    var digestArchive: [DigestArchive.Entry] = []

    var isAborted: Bool { summary.abortReason != nil }
}

/// Why a step stopped the run; the steps after it that must run anyway still do.
struct RunAbort: Error, Sendable {
    let reason: String
}
