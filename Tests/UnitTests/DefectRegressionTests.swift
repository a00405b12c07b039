import Foundation
import Testing
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
@testable import MeetupAuth
@testable import MeetupConfig
@testable import MeetupDigest
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupHistory
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupSupport

/// The pure halves of the fixes for the defects independent runs found (issue 17):
/// credentials and origins, the child environment, redaction order, the digest's
/// window and its email headers. Their end-to-end halves are in the integration target.
@Suite("Defects found by independent runs (pure parts)")
struct DefectRegressionTests {
    // MARK: Item 1: credentials stay with their origin

    @Test func aRedirectToAnotherOriginLosesTheCredentials() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9000/gql-ext")))
        request.setValue("Bearer secret-token-1234", forHTTPHeaderField: "Authorization")
        request.setValue("a=b", forHTTPHeaderField: "Cookie")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let original = URL(string: "http://127.0.0.1:8000/gql-ext")
        for other in [
            "http://127.0.0.1:9000/gql-ext", "https://127.0.0.1:8000/gql-ext", "http://localhost:8000/gql-ext",
        ] {
            var redirected = request
            redirected.url = URL(string: other)
            let sent = TransportDelegate.withoutCrossOriginCredentials(redirected, from: original)
            #expect(sent.value(forHTTPHeaderField: "Authorization") == nil, "\(other)")
            #expect(sent.value(forHTTPHeaderField: "Cookie") == nil, "\(other)")
            #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json", "other headers stay")
        }
        var sameOrigin = request
        sameOrigin.url = URL(string: "HTTP://127.0.0.1:8000/v2/gql-ext")
        #expect(
            TransportDelegate.withoutCrossOriginCredentials(sameOrigin, from: original)
                .value(forHTTPHeaderField: "Authorization") == "Bearer secret-token-1234",
            "same origin, another path: kept")
        #expect(
            Origin(try #require(URL(string: "https://api.meetup.com/gql")))
                == Origin(try #require(URL(string: "https://API.meetup.com:443/x"))))
    }

    // MARK: Item 2: one environment for every child

    @Test func childrenNeverSeeTheRunsSecrets() {
        let environment = [
            "PATH": "/usr/bin", "LANG": "C.UTF-8", "MEETUP_TOKEN": "tok-0123456789",
            "MEETUP_CLIENT_SECRET": "cs-abcdefghij", "COPY_OF_TOKEN": "x tok-0123456789 y",
            "CREDENTIALS_DIRECTORY": "/run/credentials/meetup-report.service", "SHORT": "ab",
        ]
        let children = ChildEnvironment(
            environment, secretVariables: ["MEETUP_TOKEN", "MEETUP_CLIENT_SECRET", "SHORT"])
        #expect(children.variables == ["PATH": "/usr/bin", "LANG": "C.UTF-8"])
        #expect(children.searchPath == "/usr/bin")
        #expect(ChildEnvironment([:], secretVariables: []).searchPath.contains("/usr/bin"))
    }

    // MARK: Item 3: redact, then cut

    @Test func aSecretCutByTruncationIsStillMasked() {
        let refreshToken = "rt-" + String(repeating: "9f3a", count: 9) + "x"  // 40 characters
        let redactor = SecretRedactor(secrets: [refreshToken])
        // 276 characters before the token: a cut at 300 keeps its first 24, as the failing harness saw.
        let description = String(repeating: "d", count: 274) + "… " + refreshToken
        let body = Data(
            JSONValue.object(["error": .string("invalid_grant"), "error_description": .string(description)]).compactJSON
                .utf8)
        let result = TokenEndpoint.read(
            status: 400, body: body, endpoint: "http://127.0.0.1/oauth2/access", redactor: redactor
        ) { _, _ in nil }
        guard case .failure(let error) = result else { Issue.record("a refusal was read as a grant"); return }
        let text = error.description
        for length in 6...refreshToken.count {
            #expect(!text.contains(refreshToken.prefix(length)), "no \(length)-character head of the token: \(text)")
        }
        #expect(redactor.redact("abc " + refreshToken, limit: 10) == "abc [redac…")
    }

    // MARK: Item 8: a day's digest covers the window since the previous day's

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
        let digest = Digest.make(config: Self.config(), fetched: fetched, report: report, now: noon, window: window)
        #expect(
            digest.new.map(\.event.id) == ["a"], "new since the previous day's digest, though first seen this morning")
        #expect(digest.moved.map(\.change.eventID) == ["b"])
        #expect(!digest.isQuiet)
        // Without the window (the old rule: only what this run noticed) both were lost.
        let tonightOnly = Digest.make(config: Self.config(), fetched: fetched, report: report, now: noon)
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
            config: Self.config(), fetched: fetched, report: later, now: first.addingTimeInterval(600), window: window)
        #expect(
            digest.isFirstRun && digest.new.isEmpty && !digest.isQuietNight, "the same words as the first run's digest")
    }

    // MARK: Item 10: a failed query is news

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
        let digest = Digest.make(config: config, fetched: fetched, report: report, now: now)
        #expect(digest.unchecked == [Digest.Unchecked(queryTitle: "Rust", staleSince: now.addingTimeInterval(-86_400))])
        #expect(!digest.isQuiet, "not a quiet night: a search failed")
        let writer = DigestWriter(digest, timeZone: Self.zone)
        for text in [writer.markdown(templates: try SiteTemplates(directory: Fixtures.templates)), writer.plainText()] {
            #expect(text.contains("Not checked tonight"), "\(text)")
            #expect(text.contains("Rust"), "\(text)")
            #expect(text.contains("shown as they were at 20 Nov 2026, 23:26 GMT+1"), "\(text)")
            #expect(!text.contains(DigestWriter.quietLine))
        }
        #expect(DigestEmail.counts(digest) == "1 search failed")
    }

    // MARK: Item 11: headers a mail system reads right

    @Test func mailboxesAreEncodedOrQuotedAndTheAddressKept() {
        #expect(DigestEmail.mailbox("news@example.org") == "news@example.org")
        #expect(DigestEmail.mailbox("Ada <ada@example.org>") == "Ada <ada@example.org>")
        #expect(
            DigestEmail.mailbox("Zoë Admin <admin@example.org>") == "=?UTF-8?B?Wm/DqyBBZG1pbg==?= <admin@example.org>")
        #expect(DigestEmail.mailbox("Meetups, Berlin <m@example.org>") == "\"Meetups, Berlin\" <m@example.org>")
        #expect(
            DigestEmail.mailbox("\"Already \\\"quoted\\\"\" <q@example.org>")
                == "\"Already \\\"quoted\\\"\" <q@example.org>")
        #expect(DigestEmail.mailbox("Evil\r\nBcc: x@y <e@example.org>") == "\"Evil Bcc: x@y\" <e@example.org>")
    }
}
