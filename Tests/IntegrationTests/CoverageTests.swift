import Foundation
import LoopbackServer
import Testing
@testable import MeetupReportCore
@testable import MeetupReportTestSupport

/// Paths that had no test of their own (issue 11): `--offline` and `--stats` through the
/// binary, the `maxEvents` cap while paging, photos that are not images.
extension LoopbackSuites {
@Suite("Offline re-render, stats, caps, content types")
struct CoverageTests {
    func writeConfig(_ harness: PipelineHarness, maxEvents: Int? = nil) throws -> URL {
        var swift: [String: Any] = ["id": "swift", "keyword": "swift", "lat": 52.5, "lon": 13.4]
        if let maxEvents { swift["maxEvents"] = maxEvents }
        let config: [String: Any] = [
            "title": "Coverage", "baseURL": "https://example.org/", "timeZone": "Europe/Berlin",
            "source": ["type": "meetup-api", "endpoint": harness.baseURL.appendingPathComponent("gql").absoluteString,
                       "tokenVariable": "TEST_MEETUP_TOKEN"],
            "output": "site/Output", "cache": "cache", "thumbnailWidth": 100, "history": ["enabled": false],
            "queries": [swift, ["id": "rust", "keyword": "rust", "lat": 52.5, "lon": 13.4]],
        ]
        let file = harness.folder.path("queries.json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)
        return file
    }

    @Test func offlineReRendersTheSameSiteWithoutNetworkOrTokenAndStatsAreWritten() async throws {
        let harness = try await PipelineHarness.start()
        let config = try writeConfig(harness)
        let stats = harness.folder.path("stats.json")
        let arguments = ["--config", config.path, "--templates", Fixtures.templates.path, "--now", "2026-11-22T08:00:00Z"]
        let online = try await CommandRunner.run(arguments + ["--stats", stats.path], environment: ["TEST_MEETUP_TOKEN": PipelineHarness.token])
        #expect(online.status == 0, "\(online.stderr)")
        let figures = try JSONValue.parse(Data(contentsOf: stats))
        #expect(figures["events"]?.intValue == 7 && figures["published"]?.intValue == 1, "\(figures)")
        #expect(figures["photosDownloaded"]?.intValue == 4 && figures["requestsSent"]?.intValue ?? 0 >= 7)
        for stage in ["fetch", "photos", "render", "publish"] { #expect(figures["\(stage)Seconds"]?.doubleValue != nil, "\(stage)") }
        let site = PipelineHarness.tree(harness.outputDirectory)

        harness.server.resetCounters()
        let before = harness.server.photoRequests
        let offline = try await CommandRunner.run(arguments + ["--offline"])
        #expect(offline.status == 0, "no token needed: \(offline.stderr)")
        #expect(harness.server.counters.graphQLRequests == 0 && harness.server.photoRequests == before, "no request at all")
        #expect(PipelineHarness.tree(harness.outputDirectory) == site, "the same site")
    }

    @Test func maxEventsStopsPagingOnceReached() async throws {
        let harness = try await PipelineHarness.start()
        var config = harness.config()
        config.queries[0].maxEvents = 2
        harness.server.resetCounters()
        let summary = await harness.run(config)
        #expect(summary.succeeded, "\(summary.line)")
        #expect(harness.server.counters.graphQLRequests == 3, "one swift page (3 events, capped at 2), one rust, one online")
        let events = try JSONValue.parse(Data(try harness.page("events.json").utf8))
        let swift = events["queries"]?.arrayValue?.first { $0["id"]?.stringValue == "swift" }
        #expect(swift?["eventIds"]?.arrayValue?.count == 2)
    }

    @Test func aPhotoThatIsNotAnImageGetsThePlaceholder() async throws {
        let harness = try await PipelineHarness.start()
        harness.server.setPhoto(Data("<html>login required</html>".utf8), named: "group-b.png", contentType: "text/html; charset=utf-8")
        let observer = RecordingObserver()
        let run = ReportRun(config: harness.config(), templatesDirectory: Fixtures.templates, now: PipelineHarness.now,
                            environment: ["TEST_MEETUP_TOKEN": PipelineHarness.token], observer: observer,
                            retryScheduler: harness.scheduler)
        let summary = await offThePool { run.run() }
        #expect(summary.succeeded, "photo problems are warnings")
        #expect(observer.warnings.contains { $0.contains("group-b.png: not an image (Content-Type text/html; charset=utf-8); using the placeholder") },
                "\(observer.warnings)")
        #expect(try harness.page("queries/swift.html").contains("assets/placeholder.svg"))
    }
}
}
