import Foundation
import Testing
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
@testable import MeetupAuth
@testable import MeetupConfig
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupHistory
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupSupport

/// The digest's window: a day's digest covers the time since the previous day's, a second run
/// on the same day keeps what the first reported, and a failed query is named with its age.
@Suite("The digest's window")
struct DigestWindowTests {

    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func config() -> ReportConfig {
        ReportConfig(
            siteTitle: "Site", baseURL: URL(string: "https://example.org/")!, timeZone: zone,
            source: .snapshot(directory: URL(fileURLWithPath: "/nonexistent")),
            queries: [
                EventQuery(id: "q", title: "Swift", keyword: "swift", latitude: 52.5, longitude: 13.4),
                EventQuery(id: "r", title: "Rust", keyword: "rust", latitude: 52.5, longitude: 13.4),
            ],
            outputDirectory: URL(fileURLWithPath: "/tmp/o"), cacheDirectory: URL(fileURLWithPath: "/tmp/c"))
    }

    static func event(_ id: String, days: Double, from now: Date) -> Event {
        Event(
            id: id, title: "Event \(id)",
            start: ZonedDate(date: now.addingTimeInterval(days * 86_400), utcOffsetSeconds: 3600))
    }

    @Test func aSecondRunOnTheSameDayKeepsWhatTheFirstReported() {
        let morning = Date(timeIntervalSince1970: 1_795_300_000)  // a Sunday morning in Berlin
        let previousDay = morning.addingTimeInterval(-86_400)
        let noon = morning.addingTimeInterval(4 * 3600)
        let (a, b) = (Self.event("a", days: 3, from: morning), Self.event("b", days: 4, from: morning))
        let fetched = FetchedEvents(outcomes: [(Self.config().queries[0], .succeeded(events: [a, b]))])
        // "a" was first seen by the morning run, "b" before; a move was noticed in the morning.
        var report = HistoryReport()
        report.firstSeen = ["a": morning, "b": previousDay]
        report.changes = [
            HistoryChange(
                kind: .moved, eventID: "b", title: "Event b", noticedAt: morning, oldStart: b.start,
                newStart: b.start, oldPlace: EventPlace(of: b), newPlace: EventPlace(of: b), url: nil, queryIDs: ["q"])
        ]
        let entry = DigestArchive.Entry(
            day: Digest.day(of: previousDay, in: Self.zone), date: previousDay, title: "t", markdown: "",
            pageMarkdown: "", isQuiet: false, window: Digest.Window(since: previousDay, inclusive: false))
        let day = Digest.day(of: noon, in: Self.zone)
        let window = DigestArchive.window(for: day, now: noon, isFirstRun: false, entries: [entry])
        #expect(window == Digest.Window(since: previousDay, inclusive: false))
        let digest = Digest.make(
            settings: SiteSettings(Self.config()), fetched: fetched, report: report, now: noon, window: window)
        #expect(
            digest.new.map(\.event.id) == ["a"], "new since the previous day's digest, though first seen this morning")
        #expect(digest.moved.map(\.change.eventID) == ["b"])
        #expect(!digest.isQuiet)
        // Without the window (the old rule: only what this run noticed) both were lost.
        let tonightOnly = Digest.make(
            settings: SiteSettings(Self.config()), fetched: fetched, report: report, now: noon)
        #expect(tonightOnly.new.isEmpty && tonightOnly.moved.isEmpty)
    }

    @Test func theFirstDaysLaterRunsStayAFirstRunDigest() {
        let first = Date(timeIntervalSince1970: 1_795_300_000)
        let window = DigestArchive.window(
            for: Digest.day(of: first, in: Self.zone), now: first, isFirstRun: true, entries: [])
        #expect(window == Digest.Window(since: first, inclusive: false, continuesFirstRun: true))
        let a = Self.event("a", days: 2, from: first)
        let fetched = FetchedEvents(outcomes: [(Self.config().queries[0], .succeeded(events: [a]))])
        var later = HistoryReport()
        later.firstSeen = ["a": first]
        let digest = Digest.make(
            settings: SiteSettings(Self.config()), fetched: fetched, report: later, now: first.addingTimeInterval(600),
            window: window)
        #expect(
            digest.isFirstRun && digest.new.isEmpty && !digest.isQuietNight, "the same words as the first run's digest")
    }

    // MARK: A failed query is news

    @Test func aFailedQueryIsNamedWithWhenItsEventsAreFrom() throws {
        let now = Date(timeIntervalSince1970: 1_795_300_000)
        let config = Self.config()
        let failure = FetchError.transport(query: "r", page: 1, reason: "timed out")
        let fetched = FetchedEvents(outcomes: [
            (config.queries[0], .succeeded(events: [])),
            (config.queries[1], .stale(events: [], since: now.addingTimeInterval(-86_400), error: failure)),
        ])
        var report = HistoryReport()
        report.isFirstRun = false
        let digest = Digest.make(settings: SiteSettings(config), fetched: fetched, report: report, now: now)
        #expect(digest.unchecked == [Digest.Unchecked(queryTitle: "Rust", staleSince: now.addingTimeInterval(-86_400))])
        #expect(!digest.isQuiet, "not a quiet night: a search failed")
        let writer = DigestWriter(digest, timeZone: Self.zone, language: .english)
        for text in [writer.markdown(templates: try SiteTemplates(directory: Fixtures.templates)), writer.plainText()] {
            #expect(text.contains("Not checked tonight"), "\(text)")
            #expect(text.contains("Rust"), "\(text)")
            #expect(text.contains("shown as they were at 20 Nov 2026, 23:26 CET"), "\(text)")
            #expect(!text.contains(DigestWriter.quietLine))
        }
        #expect(DigestEmail.counts(digest) == "1 search failed")
    }
}
