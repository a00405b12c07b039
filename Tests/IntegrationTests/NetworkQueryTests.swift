import Foundation
import LoopbackServer
import Testing
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupPipeline
@testable import MeetupReportTestSupport

/// A query that follows a Meetup Pro network (issue 19): its events through
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
                Fixtures.node(id: "9\(page)\(index)", title: "Chapter meetup \(page)-\(index)",
                              dateTime: "2026-12-\(String(format: "%02d", 1 + page * 4 + index))T18:00:00+01:00",
                              groupName: chapters[(page + index) % 3])
            }
            pages.append(try Fixtures.networkPage(nodes, endCursor: page < 2 ? "net-\(page + 1)" : nil, totalCount: 12))
        }
        harness.server.setPages(pages, forNetwork: "rladies")
        let summary = await harness.run(networkConfig(harness, network: "rladies"))
        #expect(summary.succeeded, "\(summary.line)")
        #expect(summary.line.contains("4/4 queries"), "\(summary.line)")
        let page = try harness.page("queries/rladies.html")
        #expect(page.contains("in the Meetup Pro network “rladies”"), "the page says what the query follows")
        #expect(page.occurrences(of: "<h3 id=") == 12, "three pages of four events, each once")
        let json = try harness.page("events.json")
        #expect(json.contains("\"kind\": \"network\"") && json.contains("\"network\": \"rladies\""), "\(json.prefix(600))")
    }

    @Test func aNetworkTheMemberCannotReadIsAClearFailureOfThatQueryAlone() async throws {
        let harness = try await PipelineHarness.start()
        let summary = await harness.run(networkConfig(harness, network: "secret-network"))
        #expect(!summary.succeeded)
        #expect(summary.failures.map(\.queryID) == ["rladies"], "the keyword searches are unaffected")
        #expect(summary.line.contains("the Meetup Pro network “secret-network” is unknown, or the authorised member may not read it"),
                "\(summary.line)")
    }
}
}
