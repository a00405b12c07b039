import Foundation
import LoopbackServer
@testable import MeetupConfig
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// Curation through whole runs: what the pages, the stats and the history see
/// when rules come and go, pinned events and notes on the pages, and `explain`.
extension LoopbackSuites {
    @Suite("Curation in a run")
    struct CurationRunTests {
        static let day: TimeInterval = 86_400

        @Test func aRuleHidesAnEventWithoutTheHistoryCallingItCancelled() async throws {
            let harness = try await PipelineHarness.start()
            let plain = harness.config(history: true)
            #expect(await harness.run(plain, now: PipelineHarness.now).succeeded)
            #expect(try harness.page("queries/rust.html").contains("Rust meetup"))

            var curated = plain
            curated.curation = Curation(
                site: CurationRules(excludeEvents: ["201"]),
                perQuery: ["swift": CurationRules(excludeWords: ["interop"], keyPath: "queries[0].curation")])
            let second = await harness.run(curated, now: PipelineHarness.now.addingTimeInterval(Self.day))
            #expect(second.succeeded, "\(second.line)")
            let rust = try harness.page("queries/rust.html")
            #expect(!rust.contains("Rust meetup"), "the excluded event is on no page")
            let swift = try harness.page("queries/swift.html")
            #expect(
                !rust.contains("Cancelled or removed") && !swift.contains("Cancelled or removed"),
                "hidden is not cancelled")
            #expect(!swift.contains("Rust &amp; Swift interop"), "the swift query's own rule")
            #expect(rust.contains("Rust &amp; Swift interop"), "which the rust query still shows")
            #expect(second.eventsRemoved == 1 && second.line.contains("(1 removed by curation)"), "\(second.line)")
            #expect(second.statistics["removedByExcludeEvents"] == 1 && second.statistics["removedByExcludeWords"] == 1)
            #expect(second.statistics["removedByMinRSVPs"] == 0)

            let third = await harness.run(plain, now: PipelineHarness.now.addingTimeInterval(2 * Self.day))
            #expect(third.succeeded)
            let back = try harness.page("queries/rust.html")
            #expect(
                back.contains("Rust meetup")
                    && !back.contains("<strong>New:</strong> <a href=\"https://www.meetup.com/x/events/201/\""),
                "without the rule the event is back, and not new: the history saw it every night")
        }

        @Test func pinnedEventsLeadTheIndexWithTheEditorsNote() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config()
            config.curation = Curation(
                site: CurationRules(excludeWords: ["embedded"]), pinned: ["202", "unknown-id"],
                notes: [
                    "202": "Bring a board — [details](https://example.org/rp2040) <script>alert(1)</script>",
                    "101": "*Sold out*, waiting list only",
                ])
            let summary = await harness.run(config)
            #expect(summary.succeeded, "\(summary.line)")
            let index = try harness.page("index.html")
            let pinned = try #require(index.range(of: "<h2>Pinned</h2>"))
            let firstQuery = try #require(index.range(of: "<h2><a href=\"queries/swift.html\">"))
            #expect(pinned.upperBound < firstQuery.lowerBound, "pinned first")
            let section = String(index[pinned.upperBound..<firstQuery.lowerBound])
            #expect(
                section.contains("href=\"events/") && section.contains(">Embedded Rust</a>"),
                "a pinned event is exempt from the rules and links to its own page")
            #expect(
                section.contains("<a href=\"https://example.org/rp2040\">details</a>")
                    && !index.contains("<script>alert(1)"),
                "the note is Markdown, its raw HTML dropped")
            #expect(
                try harness.page("queries/swift.html").contains(
                    "<strong>Editor's note:</strong> <em>Sold out</em>, waiting list only"))

            let explanation = EventExplanation(config: config, now: PipelineHarness.now)
            let pinnedEvent = explanation.explain("https://www.meetup.com/x/events/202/")
            #expect(pinnedEvent.found)
            #expect(
                pinnedEvent.lines.contains(
                    "found by rust (last fetched 2026-11-22T08:00:00Z): shown, pinned (curation.pinned), so no rule removes it"
                ),
                "\(pinnedEvent.lines)")
            let missing = explanation.explain("999")
            #expect(
                !missing.found
                    && missing.lines[0].hasPrefix("event 999 is not among the events of any query's last good fetch"))
        }

        @Test func explainNamesTheRuleThatRemovedAnEvent() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config()
            config.curation = Curation(perQuery: [
                "swift": CurationRules(excludeGroups: ["swift-berlin"], keyPath: "queries[0].curation")
            ])
            #expect(await harness.run(config).succeeded)
            let lines = EventExplanation(config: config, now: PipelineHarness.now).explain("500").lines
            #expect(
                lines.contains(
                    "found by swift (last fetched 2026-11-22T08:00:00Z): removed by queries[0].curation.excludeGroups: the group swift-berlin is excluded"
                ),
                "\(lines)")
            #expect(lines.contains("found by rust (last fetched 2026-11-22T08:00:00Z): shown, no rule removes it"))
            #expect(lines.last == "on the site: queries/rust.html and All events")
        }
    }
}
