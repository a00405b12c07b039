import Foundation
import LoopbackServer
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// What a live API's paging and errors do to a query.
extension LoopbackSuites {
    @Suite("Paging: overlaps, cycles, empty pages; secrets in API errors")
    struct PagingTests {
        static func node(_ id: String, day: Int) -> [String: Any] {
            Fixtures.node(id: id, title: "Event \(id)", dateTime: String(format: "2026-12-%02dT19:00:00+01:00", day))
        }

        /// Page 2 repeats page 1's last event, as an insert between two requests makes it.
        @Test func overlappingPagesListEachEventOnce() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPages(
                [
                    try Fixtures.page(
                        [Self.node("101", day: 1), Self.node("102", day: 2), Self.node("103", day: 3)], endCursor: "A"),
                    try Fixtures.page(
                        [Self.node("103", day: 3), Self.node("104", day: 4), Self.node("105", day: 5)], endCursor: "B"),
                    try Fixtures.page([Self.node("105", day: 5), Self.node("106", day: 6)], endCursor: nil),
                ], forKeyword: "swift")
            let summary = await harness.run()
            #expect(summary.succeeded, "\(summary.line)")

            let events = try JSONValue.parse(Data(try harness.page("events.json").utf8))
            let ids =
                events["queries"]?.arrayValue?.first { $0["id"]?.stringValue == "swift" }?["eventIds"]?.arrayValue?
                .compactMap(\.stringValue) ?? []
            #expect(ids == ["101", "102", "103", "104", "105", "106"])
            let calendar = try harness.page("queries/swift.ics")
            #expect(calendar.occurrences(of: "BEGIN:VEVENT") == 6)
            #expect(calendar.occurrences(of: "UID:meetup-103@") == 1, "\(calendar)")
            let page = try harness.page("queries/swift.html")
            #expect(page.occurrences(of: ">Event 105</a>") == 1)
            #expect(try harness.page("index.md").contains("6 events"))
        }

        /// Items 3 and 4: cursors that cycle (A → B → A) stop the query with a reason,
        /// even with `maxEvents` (which a cycle of repeats would otherwise never reach).
        @Test(arguments: [nil, 100])
        func cyclingCursorsFailTheQuery(maxEvents: Int?) async throws {
            let harness = try await PipelineHarness.start()
            // After "A" the server serves page 2 (cursor B), after "B" page 3 (cursor A again).
            harness.server.setPages(
                [
                    try Fixtures.page([Self.node("101", day: 1), Self.node("102", day: 2)], endCursor: "A"),
                    try Fixtures.page([Self.node("103", day: 3)], endCursor: "B"),
                    try Fixtures.page([Self.node("101", day: 1)], endCursor: "A"),
                ], forKeyword: "swift")
            var config = harness.config()
            config.queries[0].maxEvents = maxEvents
            config.limits.runTimeout = 5
            harness.server.resetCounters()
            let summary = await harness.run(config)
            let failure = try #require(summary.failures.first { $0.queryID == "swift" }, "\(summary.line)")
            #expect(
                failure.reason == "page 3 pointed back to a page already read (the API's cursors cycle); stopped paging"
            )
            #expect(harness.server.counters.graphQLRequests == 3 + 2, "three swift pages, one rust, one online")
        }

        @Test func anEmptyPageThatClaimsMoreFailsTheQuery() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPages(
                [
                    try Fixtures.page([Self.node("101", day: 1)], endCursor: "A"),
                    try Fixtures.page([], endCursor: "B"),
                    try Fixtures.page([], endCursor: "C"),
                ], forKeyword: "swift")
            var config = harness.config()
            config.limits.runTimeout = 5
            let summary = await harness.run(config)
            let failure = try #require(summary.failures.first { $0.queryID == "swift" }, "\(summary.line)")
            #expect(failure.reason == "page 2 was empty but the API said more pages follow; stopped paging")
        }

        /// An API that echoes the token in its error message.
        @Test func aTokenEchoedInAnAPIErrorNeverReachesTheSiteOrTheLog() async throws {
            let harness = try await PipelineHarness.start()
            _ = await harness.run()
            harness.server.setPageFault(
                .body(
                    #"{"data": null, "errors": [{"message": "Invalid access token: Bearer \#(PipelineHarness.token)", "extensions": {"code": "INVALID_TOKEN"}}]}"#
                ),
                keyword: "rust", page: 1)
            let observer = RecordingObserver()
            let summary = await harness.run(observer: observer)
            #expect(summary.failures.map(\.queryID) == ["rust"])
            #expect(summary.line.contains("Invalid access token: Bearer [redacted]"), "\(summary.line)")
            #expect(try harness.page("queries/rust.html").contains("Invalid access token: Bearer [redacted]"))
            for text in [summary.line] + observer.warnings {
                #expect(!text.contains(PipelineHarness.token))
            }
            for (path, data) in PipelineHarness.tree(harness.folder.url) {
                #expect(!String(decoding: data, as: UTF8.self).contains(PipelineHarness.token), "\(path)")
            }
        }

    }
}
