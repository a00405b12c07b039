import Foundation
import LoopbackServer
@testable import MeetupConfig
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// A `groups` query's batches and pages against a loopback API: a group Meetup fails to load,
/// the cap across groups, a later page that fails, groups gone quiet, counts whatever the window.
extension LoopbackSuites {
    @Suite("Group list queries: failures, caps, pages")
    struct GroupsBatchTests {
        /// `count` groups `g-0`…, each with `pages` pages of one event; group i's events start on
        /// day `firstDay(i)` + page of December 2026.
        static func groups(_ count: Int, pages: Int, on server: LoopbackServer, firstDay: (Int) -> Int) throws
            -> [String]
        {
            try (0..<count).map { index in
                let urlname = "g-\(index)"
                let data = try (0..<pages).map { page in
                    try Fixtures.groupConnection(
                        [
                            Fixtures.node(
                                id: "\(index)-\(page)", title: "Group \(index) night \(page)",
                                dateTime: String(format: "2026-12-%02dT18:00:00+01:00", firstDay(index) + page),
                                groupName: "Group \(index)")
                        ],
                        endCursor: page < pages - 1 ? "\(urlname)-\(page + 1)" : nil)
                }
                server.setGroup(urlname, name: "Group \(index)", pages: data)
                return urlname
            }
        }

        /// A null alias with Meetup's error on its path is a failure, not "not found".
        @Test func anErrorLoadingOneGroupFailsTheQueryNamingTheGroup() async throws {
            let harness = try await PipelineHarness.start()
            let urlnames = try Self.groups(3, pages: 1, on: harness.server) { 2 + $0 }
            var config = harness.config()
            config.queries = [EventQuery(id: "chapters", title: "Chapters", kind: .groups(urlnames), daysAhead: 60)]
            #expect(await harness.run(config).succeeded)
            harness.server.setGroupFailure("g-1", message: "Internal error while loading group g-1")
            let observer = RecordingObserver()
            let failed = await harness.run(config, observer: observer)
            #expect(!failed.succeeded && failed.published, "\(failed.line)")
            #expect(
                failed.failures.map(\.reason) == [
                    "the group “g-1”, page 1: the API answered with errors: Internal error while loading group g-1"
                ], "\(failed.line)")
            #expect(!observer.warnings.contains { $0.contains("was not found") }, "\(observer.warnings)")
            let page = try harness.page("queries/chapters.html")
            #expect(
                page.contains("Group 1 night 0") && page.contains("<strong>Stale since"), "last good events stand in")
        }

        /// `maxEvents` keeps the soonest events across the list, and a group that cannot
        /// contribute is not paged further.
        @Test func maxEventsKeepsTheSoonestEventsAcrossTheGroups() async throws {
            let harness = try await PipelineHarness.start()
            // Group 0's events are latest (from 20 Dec), group 2's soonest (from 2 Dec): 3 pages each.
            let urlnames = try Self.groups(3, pages: 3, on: harness.server) { [20, 10, 2][$0] }
            var config = harness.config()
            config.queries = [
                EventQuery(id: "chapters", title: "Chapters", kind: .groups(urlnames), daysAhead: 60, maxEvents: 4)
            ]
            harness.server.resetCounters()
            let summary = await harness.run(config)
            #expect(summary.succeeded, "\(summary.line)")
            let page = try harness.page("queries/chapters.html")
            for kept in ["Group 2 night 0", "Group 2 night 1", "Group 2 night 2", "Group 1 night 0"] {
                #expect(page.contains(kept), "\(kept) is among the four soonest")
            }
            #expect(!page.contains("Group 0 night"), "the latest group's events are not")
            // One batch, then group 2 (soonest first) paged; groups 1 and 0 start at or after the cutoff.
            #expect(harness.server.counters.graphQLRequests == 1 + 2, "\(harness.server.counters.graphQLRequests)")
        }

        /// A busy group's later page that fails names the group and its page.
        @Test func aLaterPageThatFailsNamesTheGroupAndItsPage() async throws {
            let harness = try await PipelineHarness.start()
            let urlnames = try Self.groups(2, pages: 3, on: harness.server) { 2 + $0 }
            harness.server.setGroupFailure("g-1", laterPagesStatus: 503)
            var config = harness.config()
            config.limits.retries = 0
            config.queries = [EventQuery(id: "chapters", title: "Chapters", kind: .groups(urlnames), daysAhead: 60)]
            let summary = await harness.run(config)
            #expect(
                summary.failures.map(\.reason) == ["the group “g-1”, page 2: HTTP 503 from the API"], "\(summary.line)")
            #expect(summary.line.contains("failed: chapters (the group “g-1”, page 2: HTTP 503"), "\(summary.line)")
        }

        /// The night a group crossed the line had a failed fetch; the next good night does not
        /// name it again.
        @Test func aGroupGoneQuietOnAFailedNightIsNotAnnouncedAgain() async throws {
            let harness = try await PipelineHarness.start()
            // 179.9 days before the first night: it crosses on the second, whose fetch fails.
            let (config, event) = try GroupsQueryTests.lagosAndNis(on: harness, nisLastEventAt: "2026-05-26T10:00:00Z")
            #expect(await harness.run(config).succeeded)
            harness.server.setGroup("rladies-lagos", name: "R-Ladies Lagos", pages: [Data("not json".utf8)])
            let failed = await harness.run(config, now: PipelineHarness.now.addingTimeInterval(86_400))
            #expect(failed.published && !failed.succeeded)
            #expect(
                try harness.page("digest.md").contains("## Groups gone quiet (1)"), "announced the night it crossed")
            harness.server.setGroup(
                "rladies-lagos", name: "R-Ladies Lagos", pages: [event], lastEventAt: "2026-10-01T18:00:00+01:00")
            #expect(await harness.run(config, now: PipelineHarness.now.addingTimeInterval(2 * 86_400)).succeeded)
            let digest = try harness.page("digest.md")
            #expect(!digest.contains("Groups gone quiet"), "not again: \(digest)")
        }

        /// A group's next event and its counts are Meetup's, whatever the query's window.
        @Test func aGroupsNextEventAndCountsAreNotTheWindows() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setGroup(
                "far", name: "Far ahead", pages: [try Fixtures.groupConnection([], endCursor: nil)],
                lastEventAt: "2026-10-01T18:00:00Z", nextEventAt: "2027-03-01T18:00:00Z",
                upcomingCount: 2, pastCount: 41)
            var config = harness.config()
            config.queries = [EventQuery(id: "chapters", title: "Chapters", kind: .groups(["far"]), daysAhead: 30)]
            #expect(await harness.run(config).succeeded)
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(harness.page("groups.json").utf8)) as? [String: Any])
            let group = try #require(
                ((report["queries"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]])?.first)
            #expect(group["nextEventAt"] as? String == "2027-03-01T18:00:00Z", "\(group)")
            #expect(group["upcomingEvents"] as? Int == 2 && group["pastEvents"] as? Int == 41, "\(group)")
            #expect(!(try harness.page("groups.md")).contains("nothing scheduled"))
        }
    }
}
