import Foundation
import LoopbackServer
@testable import MeetupConfig
import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// Each fault from the loopback server (or the raw socket server, for faults below
/// HTTP) is injected after a good run; the run must exit 1 naming the query and
/// reason, and publish the previous site with only the failed query marked stale.
extension LoopbackSuites {
    @Suite("Network faults")
    struct NetworkFaultTests {
        /// Runs good, then faulty; checks the summary and that only `query`'s page changed (to a stale one).
        func expectStale(
            _ harness: PipelineHarness, query: String = "rust", config: ReportConfig? = nil,
            reason: String, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> RunSummary {
            let summary = await harness.run(config)
            #expect(!summary.succeeded, sourceLocation: sourceLocation)
            #expect(summary.published, "\(summary.line)", sourceLocation: sourceLocation)
            let failure = try #require(summary.failures.first { $0.queryID == query }, sourceLocation: sourceLocation)
            #expect(failure.description.contains(reason), "\(failure)", sourceLocation: sourceLocation)
            #expect(summary.line.contains("\(query) ("), sourceLocation: sourceLocation)
            #expect(try harness.page("queries/\(query).html").contains("Stale since"), sourceLocation: sourceLocation)
            return summary
        }

        func goodRun(_ harness: PipelineHarness) async throws -> [String: Data] {
            let summary = await harness.run()
            #expect(summary.succeeded, "\(summary.line)")
            harness.scheduler.reset()
            return PipelineHarness.tree(harness.outputDirectory)
        }

        @Test(arguments: [500, 502, 503, 504])
        func serverErrorsAreRetriedThenTheQueryGoesStale(status: Int) async throws {
            let harness = try await PipelineHarness.start()
            let good = try await goodRun(harness)
            harness.server.setPageFault(.status(status), keyword: "rust", page: 1)
            _ = try await expectStale(harness, reason: "HTTP \(status)")
            let waits = harness.scheduler.waits
            #expect(waits.count == 3)
            for (index, wait) in waits.enumerated() {
                let full = pow(2, Double(index))  // base 1 s doubled per retry, half of it jittered
                #expect(wait >= full / 2 && wait <= full, "retry \(index + 1) waited \(wait)")
            }
            let site = PipelineHarness.tree(harness.outputDirectory)
            #expect(site["/queries/swift.html"] == good["/queries/swift.html"])
            #expect(site["/queries/online.html"] == good["/queries/online.html"])
        }

        @Test func retryAfterSecondsIsHonouredAndCapped() async throws {
            let harness = try await PipelineHarness.start()
            _ = try await goodRun(harness)
            harness.server.setPageFault(.status(503, headers: ["Retry-After": "7"]), keyword: "rust", page: 1, times: 1)
            harness.server.setPageFault(
                .status(503, headers: ["Retry-After": "7"]), keyword: "online", page: 1, times: 0)
            let recovered = await harness.run()
            #expect(recovered.succeeded, "one 503 then success: \(recovered.line)")
            #expect(harness.scheduler.waits == [7])

            harness.scheduler.reset()
            var config = harness.config()
            config.limits.runTimeout = 600  // a 30 s wait must fit before the run's deadline
            harness.server.setPageFault(.status(429, headers: ["Retry-After": "3600"]), keyword: "rust", page: 1)
            _ = try await expectStale(harness, config: config, reason: "HTTP 429")
            #expect(harness.scheduler.waits == [30, 30, 30], "capped at retryMaxDelay")
        }

        @Test func retryAfterHTTPDateIsMeasuredFromTheInjectedClock() async throws {
            let harness = try await PipelineHarness.start()
            _ = try await goodRun(harness)
            // The injected clock says 08:00:00 GMT; the server asks to come back at 08:00:12.
            harness.server.setPageFault(
                .status(429, headers: ["Retry-After": "Sun, 22 Nov 2026 08:00:12 GMT"]),
                keyword: "rust", page: 1, times: 2)
            let summary = await harness.run()
            #expect(summary.succeeded, "\(summary.line)")
            #expect(harness.scheduler.waits == [12, 12])
        }

        @Test func theRetryBudgetBoundsAllWaiting() async throws {
            let harness = try await PipelineHarness.start()
            _ = try await goodRun(harness)
            var config = harness.config()
            config.limits.retryBudget = 20
            for keyword in ["swift", "rust", "online"] {
                harness.server.setPageFault(.status(503, headers: ["Retry-After": "8"]), keyword: keyword, page: 1)
            }
            let summary = await harness.run(config)
            #expect(summary.failures.count == 3)
            #expect(harness.scheduler.waits.reduce(0, +) <= 20)
            #expect(harness.scheduler.waits.count == 2, "8 + 8 fit in 20 s, a third 8 does not")
        }

        @Test func invalidJSONAndHTMLPagesFailWithoutRetrying() async throws {
            let harness = try await PipelineHarness.start()
            _ = try await goodRun(harness)
            harness.server.setPageFault(
                .body("{\"data\": {\"eventSearch\": ", contentType: "application/json"), keyword: "rust", page: 1)
            harness.server.setPageFault(
                .body("<html><h1>502 Bad Gateway</h1></html>", contentType: "text/html"), keyword: "online", page: 1)
            let summary = try await expectStale(harness, reason: "not JSON")
            #expect(summary.failures.contains { $0.queryID == "online" && $0.description.contains("not JSON") })
            #expect(harness.scheduler.waits.isEmpty, "a malformed answer is not a transient fault")
        }

        @Test func graphQLErrorsInA200GoStale() async throws {
            let harness = try await PipelineHarness.start()
            _ = try await goodRun(harness)
            harness.server.setPageFault(
                .body(#"{"data": null, "errors": [{"message": "Too many requests, slow down"}]}"#),
                keyword: "rust", page: 1)
            _ = try await expectStale(harness, reason: "Too many requests, slow down")
        }

        @Test func bodiesOverTheCapAreRefused() async throws {
            let harness = try await PipelineHarness.start()
            _ = try await goodRun(harness)
            var config = harness.config()
            config.limits.maxResponseBytes = 64 << 10
            harness.server.setPageFault(.oversized(count: 1 << 20), keyword: "rust", page: 1)
            _ = try await expectStale(harness, config: config, reason: "larger than the limit of 65536 bytes")
            #expect(harness.scheduler.waits.isEmpty)
        }

        @Test(arguments: [
            (RawFaultServer.Behaviour.neverAnswer, "timed out"),
            (.resetMidBody, "network error"),
            (.truncatedBody, "network error"),
            (.slowDrip(interval: .milliseconds(300), bytes: 60), "timed out"),
        ])
        func socketLevelFaultsFailEveryQuery(behaviour: RawFaultServer.Behaviour, reason: String) async throws {
            let harness = try await PipelineHarness.start()
            _ = try await goodRun(harness)
            let raw = try RawFaultServer(behaviour)
            defer { raw.stop() }
            var config = harness.config(endpoint: raw.baseURL.appendingPathComponent("gql"))
            config.limits.requestTimeout = 0.5
            config.limits.resourceTimeout = 1
            config.limits.retries = 1
            let summary = await harness.run(config)
            #expect(summary.failures.count == 3, "\(summary.line)")
            #expect(summary.failures.allSatisfy { $0.description.contains(reason) }, "\(summary.failures)")
            #expect(summary.published && summary.staleSince.count == 3)
            #expect(raw.connectionCount >= 6, "each query tried twice")
        }

        @Test func theRunTimeoutEndsEverythingStillInFlight() async throws {
            let harness = try await PipelineHarness.start()
            _ = try await goodRun(harness)
            let raw = try RawFaultServer(.neverAnswer)
            defer { raw.stop() }
            var config = harness.config(endpoint: raw.baseURL.appendingPathComponent("gql"))
            config.limits.requestTimeout = 60
            config.limits.resourceTimeout = 60
            config.limits.runTimeout = 1
            let started = ContinuousClock.now
            let summary = await harness.run(config)
            #expect(ContinuousClock.now - started < .seconds(10), "the 60 s request timeout did not hold the run")
            #expect(summary.failures.count == 3)
            #expect(
                summary.failures.allSatisfy { $0.description.contains("the run's time limit was reached") },
                "\(summary.failures)")
        }

        @Test func photoFaultsKeepTheCachedCopy() async throws {
            let harness = try await PipelineHarness.start()
            let good = try await goodRun(harness)
            harness.server.setPhotoFault(.status(500), named: "group-a.jpg")
            harness.server.setPhotoFault(.redirect(to: "/photos/group-b.png"), named: "group-b.png")
            harness.server.setPhotoFault(.oversized(count: 30 << 20, contentType: "image/jpeg"), named: "event-c.webp")
            let summary = await harness.run()
            #expect(summary.succeeded, "photo problems are warnings: \(summary.line)")
            #expect(summary.photos.failed >= 3)
            #expect(PipelineHarness.tree(harness.outputDirectory) == good, "cached copies: the site is unchanged")
        }
    }
}
