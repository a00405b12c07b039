import Foundation
import LoopbackServer
@testable import MeetupConfig
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// A query that follows a list of groups: groups asked for twenty at a time
/// through GraphQL aliases, a group with more than one page paged alone, an unknown group
/// a warning while the others are kept.
extension LoopbackSuites {
    @Suite("Group list queries")
    struct GroupsQueryTests {
        /// Registers `count` chapters, all with one event but chapter-3 (three pages) and
        /// chapter-17 (unknown to the API); every fourth (1, 5, 9, …) last met in March 2025, the
        /// others in October 2026. Returns their urlnames.
        static func chapters(_ count: Int, on server: LoopbackServer) throws -> [String] {
            var urlnames: [String] = []
            for index in 0..<count {
                let urlname = "chapter-\(index)"
                urlnames.append(urlname)
                guard urlname != "chapter-17" else { continue }  // unknown to the API
                let pages = index == 3 ? 3 : 1
                let data = try (0..<pages).map { page in
                    try Fixtures.groupConnection(
                        [
                            Fixtures.node(
                                id: "\(index)-\(page)", title: "Chapter \(index) night \(page)",
                                dateTime: "2026-12-\(String(format: "%02d", 1 + page))T18:00:00+01:00",
                                groupName: "Chapter \(index)")
                        ],
                        endCursor: page < pages - 1 ? "chapter-3-\(page + 1)" : nil)
                }
                server.setGroup(
                    urlname, name: "Chapter \(index)", pages: data,
                    lastEventAt: index % 4 == 1 ? "2025-03-01T18:00:00+01:00" : "2026-10-15T18:00:00+02:00")
            }
            return urlnames
        }

        @Test func twoHundredGroupsCostTenBatchesPlusTheLaterPagesOfOneBusyGroup() async throws {
            let harness = try await PipelineHarness.start()
            let urlnames = try Self.chapters(200, on: harness.server)
            var config = harness.config(history: true)
            config.queries = [EventQuery(id: "chapters", title: "Chapters", kind: .groups(urlnames), daysAhead: 60)]
            harness.server.resetCounters()
            let observer = RecordingObserver()
            let summary = await harness.run(config, observer: observer)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(summary.eventCount == 199 + 2, "one event from each known group, two more pages of chapter-3")
            // The first night also reads the groups' past events into the record (the same shape of
            // requests: ten batches of 20, then chapter-3 alone), within its nightly budget.
            #expect(summary.backfillRequests == 10 + 2)
            #expect(
                harness.server.counters.graphQLRequests == 10 + 2 + summary.backfillRequests,
                "ten batches of 20, then chapter-3's pages 2 and 3")
            #expect(
                observer.warnings.contains { $0.contains("the group “chapter-17” was not found") },
                "\(observer.warnings)")
            // 201 events: four pages of at most 60, each event on one of them.
            let page = try harness.page("queries/chapters.html")
            let pages = try [page] + (2...4).map { try harness.page("queries/chapters.\($0).html") }
            #expect(page.contains("from 200 groups") && pages.contains { $0.contains("Chapter 3 night 2") })
            #expect(
                pages.map { $0.occurrences(of: "<h3 id=\"event-") }.reduce(0, +) == 201 && page.contains("Page 1 of 4"))
            // The groups report from the same requests: the first night already knows every last event.
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(harness.page("groups.json").utf8)) as? [String: Any])
            #expect(
                report["groupCount"] as? Int == 200 && report["attentionCount"] as? Int == 1,
                "chapter-17 unknown; the 50 whose last event was in March 2025 each have one scheduled: not quiet")
            let groups = try #require(((report["queries"] as? [[String: Any]])?.first?["groups"]) as? [[String: Any]])
            #expect(
                groups.first?["urlname"] as? String == "chapter-17" && groups.first?["found"] as? Bool == false,
                "the unknown group first")
            #expect(
                groups.first { $0["urlname"] as? String == "chapter-0" }?["lastEventAt"] as? String
                    == "2026-10-15T16:00:00Z")
            #expect(try harness.page("groups.md").contains("**200 groups, 1 with no event for 6 months**"))
            #expect(try harness.page("index.html").contains("href=\"groups.html\""), "the index links to it")
        }

        /// A groups query following R-Ladies Lagos (active, one event) and R-Ladies Niš (no event
        /// since `nisLastEventAt`), with the history on; Lagos's page, to serve it again after a failure.
        static func lagosAndNis(on harness: PipelineHarness, nisLastEventAt: String) throws -> (ReportConfig, Data) {
            let event = try Fixtures.groupConnection(
                [Fixtures.node(id: "g1", title: "Lagos meetup", dateTime: "2026-12-03T18:00:00+01:00")],
                endCursor: nil)
            harness.server.setGroup(
                "rladies-lagos", name: "R-Ladies Lagos", pages: [event], lastEventAt: "2026-10-01T18:00:00+01:00")
            harness.server.setGroup(
                "rladies-nis", name: "R-Ladies Niš", pages: [try Fixtures.groupConnection([], endCursor: nil)],
                lastEventAt: nisLastEventAt)
            var config = harness.config(history: true)
            config.queries = [
                EventQuery(
                    id: "chapters", title: "Chapters", kind: .groups(["rladies-lagos", "rladies-nis"]), daysAhead: 60)
            ]
            return (config, event)
        }

        /// A night whose batch fails still shows the groups as last read; two nights later, a
        /// group whose six months ran out in between is in the digest.
        @Test func theGroupsReportSurvivesAFailedNightAndTheDigestNamesGroupsGoneQuiet() async throws {
            let harness = try await PipelineHarness.start()
            // 179 days before the first night: quiet for six months two nights later.
            let (config, event) = try Self.lagosAndNis(on: harness, nisLastEventAt: "2026-05-27T10:00:00Z")
            #expect(await harness.run(config).succeeded)
            #expect(try harness.page("groups.md").contains("**2 groups, 0 with no event for 6 months**"))

            harness.server.setGroup("rladies-lagos", name: "R-Ladies Lagos", pages: [Data("not json".utf8)])
            let failed = await harness.run(config, now: PipelineHarness.now.addingTimeInterval(86_400))
            #expect(failed.failures.map(\.queryID) == ["chapters"])
            let stale = try harness.page("groups.md")
            #expect(
                stale.contains("R-Ladies Lagos") && stale.contains("as read 22 Nov 2026"),
                "the groups as last read, said so: \(stale)")

            harness.server.setGroup(
                "rladies-lagos", name: "R-Ladies Lagos", pages: [event], lastEventAt: "2026-10-01T18:00:00+01:00")
            #expect(await harness.run(config, now: PipelineHarness.now.addingTimeInterval(2 * 86_400)).succeeded)
            let digest = try harness.page("digest.md")
            #expect(digest.contains("## Groups gone quiet (1)") && digest.contains("R-Ladies Niš"), "\(digest)")
            #expect(digest.contains("Chapters: no event since 27 May 2026 (180 days)"), "\(digest)")
            #expect(!digest.contains("R-Ladies Lagos**:"), "an active group is not named")
        }

        /// The token expires after the first batch: the next batch is refused once, the token is
        /// renewed once, and the batch is asked again; nothing is lost.
        @Test func aTokenThatExpiresBetweenBatchesIsRenewedOnce() async throws {
            let fixture = try await AuthFixture.start()
            fixture.harness.server.setAcceptedTokens([])
            let urlnames = try Self.chapters(60, on: fixture.harness.server)
            var config = fixture.config(.jwt(fixture.jwt))
            config.queries = [EventQuery(id: "chapters", title: "Chapters", kind: .groups(urlnames), daysAhead: 60)]
            fixture.expireFirstToken(atRequest: 2)
            let summary = await fixture.run(config)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(fixture.tokens.requests == 2, "one renewal")
            #expect(summary.eventCount == 59 + 2)
        }

        @Test func aFailedBatchFailsItsQueryAloneAndItsLastGoodEventsStandIn() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setGroup(
                "rladies-lagos", name: "R-Ladies Lagos",
                pages: [
                    try Fixtures.groupConnection(
                        [Fixtures.node(id: "g1", title: "Lagos meetup", dateTime: "2026-12-03T18:00:00+01:00")],
                        endCursor: nil)
                ])
            var config = harness.config()
            config.queries.append(
                EventQuery(id: "lagos", title: "Lagos", kind: .groups(["rladies-lagos"]), daysAhead: 60))
            #expect(await harness.run(config).succeeded)
            // The next night the API answers the batch with something that is no event list.
            harness.server.setGroup("rladies-lagos", name: "R-Ladies Lagos", pages: [Data("not json".utf8)])
            let failed = await harness.run(config)
            #expect(failed.failures.map(\.queryID) == ["lagos"], "the keyword searches are unaffected: \(failed.line)")
            #expect(try harness.page("queries/lagos.html").contains("Lagos meetup"), "last good events, marked stale")
        }
    }
}
