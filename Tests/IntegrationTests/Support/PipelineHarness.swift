import Foundation
import LoopbackServer
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Tests that talk to a loopback server run one at a time: with several servers
/// and URLSessions active at once in one process, FoundationNetworking stalls
/// requests for whole seconds (seen here), which made the suite slow, not wrong.
@Suite(.serialized, .stopsLoopbackServers) enum LoopbackSuites {}

/// A loopback API with three queries, real photos, and a temp folder for output and cache.
final class PipelineHarness: Sendable {
    static let token = "test-token-9f8e7d6c"
    /// The report's clock the test data is written for (`--now` of a run the tests start).
    static let nowArgument = "2026-11-22T08:00:00Z"
    static let now = ISO8601.parseDateTime(nowArgument)!.date

    let server: LoopbackServer
    let baseURL: URL
    let folder: TemporaryDirectory

    /// Events per query page, as the test data defines them.
    static let expectedCounts = ["swift": 5, "rust": 3, "online": 2]

    private init(server: LoopbackServer, baseURL: URL, folder: TemporaryDirectory) {
        self.server = server
        self.baseURL = baseURL
        self.folder = folder
    }

    static func start() async throws -> PipelineHarness {
        let server = try LoopbackServer()
        LoopbackServerRegistry.register(server)
        let baseURL = try await server.start()
        let harness = PipelineHarness(server: server, baseURL: baseURL, folder: try TemporaryDirectory())
        try harness.loadData()
        return harness
    }

    func photoURL(_ name: String) -> String { baseURL.appendingPathComponent("photos/\(name)").absoluteString }

    /// Loads the test data (again, to restore it after a test changed it).
    func loadData() throws {
        for (name, type) in [
            ("group-a.jpg", "image/jpeg"), ("group-b.png", "image/png"), ("event-c.webp", "image/webp"),
            ("truncated.jpg", "image/jpeg"),
        ] {
            server.setPhoto(try Fixtures.data("photos/\(name)"), named: name, contentType: type)
        }
        let shared = sharedNode
        server.setPages(
            [
                try Fixtures.page(
                    hostileSwiftNodes + [
                        Fixtures.node(
                            id: "103", title: "Broken photo", dateTime: "2026-12-02T18:00:00+01:00",
                            groupName: "Broken", groupPhoto: photoURL("truncated.jpg"))
                    ], endCursor: "swift-page-2"),
                try Fixtures.page(
                    [
                        shared,
                        Fixtures.node(
                            id: "104", title: "Missing photo", dateTime: "2026-12-05T18:00:00+01:00",
                            groupName: "Gone", groupPhoto: photoURL("missing.jpg")),
                    ], endCursor: nil),
            ], forKeyword: "swift")
        server.setPages(
            [
                try Fixtures.page(
                    [
                        shared,
                        Fixtures.node(
                            id: "201", title: "Rust meetup", dateTime: "2026-12-02T19:00:00+01:00",
                            groupName: "Rust Berlin", groupPhoto: photoURL("group-a.jpg")),
                        Fixtures.node(
                            id: "202", title: "Embedded Rust", dateTime: "2026-12-09T19:00:00+01:00",
                            venue: nil, groupName: "Rust Berlin", eventPhoto: photoURL("event-c.webp"), going: nil),
                    ], endCursor: nil)
            ], forKeyword: "rust")
        server.setPages(
            [
                try Fixtures.page(
                    [
                        Fixtures.node(
                            id: "301", title: "AI online", dateTime: "2026-12-04T17:00:00Z", venue: nil, online: true,
                            groupName: "AI Builders"),
                        Fixtures.node(
                            id: "302", title: "東京 Swift 🎉", dateTime: "2026-12-04T19:00:00+09:00", venue: nil,
                            online: true,
                            groupName: "東京 Swift", groupPhoto: photoURL("group-b.png")),
                    ], endCursor: nil)
            ], forKeyword: "online")
    }

    /// 500 is found by both the swift and the rust query.
    var sharedNode: [String: Any] {
        Fixtures.node(
            id: "500", title: "Rust & Swift interop", dateTime: "2026-12-03T19:00:00+01:00",
            groupName: "Swift Berlin", groupPhoto: photoURL("group-a.jpg"))
    }

    /// 101 and 102: titles that try to be HTML and a javascript: link.
    var hostileSwiftNodes: [[String: Any]] {
        [
            Fixtures.node(
                id: "101", title: "Swift <script>alert(1)</script> night", dateTime: "2026-12-01T19:00:00+01:00",
                groupPhoto: photoURL("group-a.jpg")),
            Fixtures.node(
                id: "102", title: "SwiftUI [click](javascript:alert(1))", dateTime: "2026-12-01T23:30:00+01:00",
                groupName: "CocoaHeads", groupPhoto: photoURL("group-b.png")),
        ]
    }

    /// The second night's data: 103 is gone, 201 moved a day later, `newEvent` (id 105) is new.
    func loadSecondNight(newEvent: [String: Any]) throws {
        let shared = sharedNode
        server.setPages(
            [
                try Fixtures.page(hostileSwiftNodes, endCursor: "swift-page-2"),
                try Fixtures.page(
                    [
                        shared,
                        Fixtures.node(
                            id: "104", title: "Missing photo", dateTime: "2026-12-05T18:00:00+01:00", groupName: "Gone"),
                        newEvent,
                    ], endCursor: nil),
            ], forKeyword: "swift")
        server.setPages(
            [
                try Fixtures.page(
                    [
                        shared,
                        Fixtures.node(
                            id: "201", title: "Rust meetup", dateTime: "2026-12-03T19:00:00+01:00",
                            groupName: "Rust Berlin"),
                        Fixtures.node(
                            id: "202", title: "Embedded Rust", dateTime: "2026-12-09T19:00:00+01:00", venue: nil,
                            groupName: "Rust Berlin"),
                    ], endCursor: nil)
            ], forKeyword: "rust")
    }

    var outputDirectory: URL { folder.path("site/Output") }
    var cacheDirectory: URL { folder.path("cache") }

    /// Small limits so fault tests finish in well under a second each.
    static var testLimits: NetworkLimits {
        var limits = NetworkLimits()
        limits.requestTimeout = 2
        limits.resourceTimeout = 5
        limits.runTimeout = 30
        limits.photoFreshness = 0  // revalidate every run unless a test says otherwise
        return limits
    }

    /// History is off unless a test asks for it: it rightly changes pages between runs,
    /// which the determinism and fault tests compare byte for byte.
    func config(thumbnailWidth: Int = 120, endpoint: URL? = nil, history: Bool = false) -> ReportConfig {
        var historySettings = HistorySettings()
        historySettings.enabled = history
        var config = ReportConfig(
            siteTitle: "Test & <Meetups>",
            baseURL: URL(string: "https://example.org/")!,
            timeZone: TimeZone(identifier: "Europe/Berlin")!,
            source: .meetupAPI(
                endpoint: endpoint ?? baseURL.appendingPathComponent("gql"), tokenVariable: "TEST_MEETUP_TOKEN"),
            queries: [
                EventQuery(id: "swift", title: "Swift", keyword: "swift", latitude: 52.52, longitude: 13.405),
                EventQuery(id: "rust", title: "Rust", keyword: "rust", latitude: 52.52, longitude: 13.405),
                EventQuery(id: "online", title: "Online", keyword: "online", latitude: 52.52, longitude: 13.405),
            ],
            outputDirectory: outputDirectory,
            cacheDirectory: cacheDirectory,
            thumbnailWidth: thumbnailWidth,
            photoConcurrency: 3,
            limits: Self.testLimits,
            history: historySettings
        )
        // Search indexing runs Pagefind, a child process per run: only the tests that check it turn it on.
        config.search = false
        return config
    }

    /// Retries run at once; the waits they would have taken are recorded here.
    let scheduler = RecordingScheduler()

    /// The one way tests make and run a pipeline: the harness's config unless given, its
    /// token in the environment (plus `environment`), retries at once (recorded by
    /// `scheduler`), and the report's moment as the wall clock unless `clock` says otherwise.
    func run(
        _ config: ReportConfig? = nil, options: RunOptions = RunOptions(now: PipelineHarness.now),
        environment: [String: String] = [:], observer: any RunObserver = SilentObserver(),
        thumbnailer: (any Thumbnailing)? = nil, clock: (@Sendable () -> Date)? = nil
    ) async -> RunSummary {
        let now = options.now
        let run = ReportRun(
            config: config ?? self.config(), templatesDirectory: Fixtures.templates, options: options,
            environment: ["TEST_MEETUP_TOKEN": Self.token].merging(environment) { _, new in new },
            observer: observer, thumbnailer: thumbnailer, retryScheduler: scheduler, clock: clock ?? { now })
        return await offThePool { run.run() }
    }

    /// The same at another moment, that moment also the wall clock.
    func run(_ config: ReportConfig? = nil, now: Date, clock: (@Sendable () -> Date)? = nil) async -> RunSummary {
        await run(config, options: RunOptions(now: now), clock: clock)
    }

    /// Every file under `directory`, relative path to contents, for "nothing changed" checks.
    static func tree(_ directory: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return files
        }
        for case let url as URL in enumerator {
            if let data = try? Data(contentsOf: url), !url.hasDirectoryPath {
                files[String(url.path.dropFirst(directory.path.count))] = data
            }
        }
        return files
    }

    func page(_ path: String) throws -> String {
        try String(contentsOf: outputDirectory.appendingPathComponent(path), encoding: .utf8)
    }
}

/// Runs retries immediately and remembers how long each would have waited.
final class RecordingScheduler: RetryScheduler {
    private let recorded = LockedBox([TimeInterval]())

    var waits: [TimeInterval] { recorded.withLock { $0 } }

    func reset() { recorded.withLock { $0 = [] } }

    func schedule(after seconds: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        recorded.withLock { $0.append(seconds) }
        DispatchQueue.global().async(execute: work)
    }
}

extension String {
    func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }
}
