import Foundation
import LoopbackServer
@testable import MeetupConfig
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// A query that follows a Meetup Pro network: its events through
/// `proNetwork.eventsSearch`, paged by cursor, alongside a keyword search.
extension LoopbackSuites {
    @Suite("Pro network queries")
    struct NetworkQueryTests {
        func networkConfig(_ harness: PipelineHarness, network: String) -> ReportConfig {
            var config = harness.config()
            config.queries.append(EventQuery(id: "rladies", title: "R-Ladies", kind: .network(network), daysAhead: 60))
            return config
        }

        @Test func aNetworksEventsArePagedByCursorAndShownLikeASearchs() async throws {
            let harness = try await PipelineHarness.start()
            let chapters = ["R-Ladies Lagos", "R-Ladies Berlin", "R-Ladies Philly"]
            var pages: [Data] = []
            for page in 0..<3 {
                let nodes = (0..<4).map { index in
                    Fixtures.node(
                        id: "9\(page)\(index)", title: "Chapter meetup \(page)-\(index)",
                        dateTime: "2026-12-\(String(format: "%02d", 1 + page * 4 + index))T18:00:00+01:00",
                        groupName: chapters[(page + index) % 3])
                }
                pages.append(
                    try Fixtures.networkPage(nodes, endCursor: page < 2 ? "net-\(page + 1)" : nil, totalCount: 12))
            }
            harness.server.setPages(pages, forNetwork: "rladies")
            let summary = await harness.run(networkConfig(harness, network: "rladies"))
            #expect(summary.succeeded, "\(summary.line)")
            #expect(summary.line.contains("4/4 queries"), "\(summary.line)")
            let page = try harness.page("queries/rladies.html")
            #expect(page.contains("in the Meetup Pro network “rladies”"), "the page says what the query follows")
            #expect(page.occurrences(of: "<h3 id=") == 12, "three pages of four events, each once")
            let json = try harness.page("events.json")
            #expect(
                json.contains("\"kind\": \"network\"") && json.contains("\"network\": \"rladies\""),
                "\(json.prefix(600))")
        }

        /// The issue's size: 1,000 events over 20 pages, and 150 chapters over two pages of
        /// `groupsSearch` whose analytics make the groups report.
        @Test func aThousandEventsOverTwentyPagesAndTheChaptersAnalytics() async throws {
            let harness = try await PipelineHarness.start()
            let pages = try (0..<20).map { page in
                try Fixtures.networkPage(
                    (0..<50).map { index in
                        Fixtures.node(
                            id: "n\(page)-\(index)", title: "Chapter night \(page)-\(index)",
                            dateTime:
                                "2026-12-\(String(format: "%02d", 1 + (page + index) % 28))T18:\(String(format: "%02d", index))+01:00",
                            groupName: "R-Ladies \(index)")
                    }, endCursor: page < 19 ? "events-\(page + 1)" : nil, totalCount: 1_000)
            }
            harness.server.setPages(pages, forNetwork: "rladies")
            harness.server.setGroupsPages(
                try [0, 1].map { page in
                    try Fixtures.networkGroupsPage(
                        (0..<(page == 0 ? 100 : 50)).map { index in
                            let number = page * 100 + index
                            // Every third chapter last met in 2025; chapter 7 never has.
                            return (
                                urlname: "rladies-\(number)", name: "R-Ladies \(number)",
                                lastEventDate: number == 7
                                    ? nil : number % 3 == 0 ? "2025-02-01T18:00:00+01:00" : "2026-11-01T18:00:00+01:00"
                            )
                        }, endCursor: page == 0 ? "groups-2" : nil)
                }, forNetwork: "rladies")
            var config = networkConfig(harness, network: "rladies")
            config.queries = [config.queries[config.queries.count - 1]]
            harness.server.resetCounters()
            let summary = await harness.run(config)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(summary.eventCount == 1_000)
            #expect(harness.server.counters.graphQLRequests == 20 + 2, "twenty pages of events, two of groups")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(harness.page("groups.json").utf8)) as? [String: Any])
            #expect(report["groupCount"] as? Int == 150)
            #expect(
                report["attentionCount"] as? Int == 50 + 1,
                "every third chapter (0, 3, …, 147) and chapter 7, which never met")
            #expect(try harness.page("groups.md").contains("**150 groups, 51 with no event for 6 months**"))
        }

        @Test func aNetworkTheMemberCannotReadIsAClearFailureOfThatQueryAlone() async throws {
            let harness = try await PipelineHarness.start()
            let summary = await harness.run(networkConfig(harness, network: "secret-network"))
            #expect(!summary.succeeded)
            #expect(summary.failures.map(\.queryID) == ["rladies"], "the keyword searches are unaffected")
            #expect(
                summary.line.contains(
                    "the Meetup Pro network “secret-network” is unknown, or the authorised member, "
                        + "Loopback Member (member 1001), may not read it"), "\(summary.line)")
        }

        /// `proNetwork.eventsSearch` answers newest first and every status unless told
        /// (`pro-events-3.json`, served as recorded). With `maxEvents`, the soonest are kept.
        @Test func aCappedNetworkQueryKeepsTheSoonestEvents() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPages([try Fixtures.data("meetupr/pro-events-3.json")], forNetwork: "rladies")
            var config = harness.config()
            config.queries = [
                EventQuery(id: "rladies", title: "R-Ladies", kind: .network("rladies"), daysAhead: 60, maxEvents: 2)
            ]
            let now = ISO8601.parseDateTime("2025-11-01T08:00:00Z")!.date
            let summary = await harness.run(config, now: now)
            #expect(summary.succeeded, "\(summary.line)")
            let page = try harness.page("queries/rladies.html")
            #expect(
                page.contains("tidymodels intro") && page.contains("Happy hour in the city!"),
                "11 and 12 Nov 2025, the soonest")
            #expect(
                !page.contains("Lunch &amp; learn") && !page.contains("Release 0.0.1"), "not the latest of the window")
        }
    }
}
