import Foundation
import LoopbackServer
import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// The nightly digest over several runs against the loopback API.
extension LoopbackSuites {
    @Suite("Nightly digest: page, archive, feed, stdout")
    struct DigestTests {
        static let day: TimeInterval = 86_400

        func run(_ harness: PipelineHarness, night: Double, onlyWhenChanged: Bool = true) async -> RunSummary {
            var config = harness.config(history: true)
            config.digest.onlyWhenChanged = onlyWhenChanged
            return await harness.run(
                config,
                options: RunOptions(
                    now: PipelineHarness.now.addingTimeInterval(night * Self.day),
                    digestToStandardOutput: true))
        }

        @Test func theDigestListsExactlyWhatChangedThenSaysTheNightWasQuiet() async throws {
            let harness = try await PipelineHarness.start()
            let first = await run(harness, night: 0)
            #expect(first.succeeded, "\(first.line)")
            #expect(try harness.page("digest.md").contains(DigestWriter.firstRunLine))
            #expect(try harness.page("index.html").contains("<a href=\"digest.html\">the digest of 22 Nov 2026</a>"))

            try harness.loadSecondNight(
                newEvent: Fixtures.node(
                    id: "105", title: "Brand new\r\nBcc: victim@example.org", dateTime: "2026-11-26T18:00:00+01:00",
                    groupName: "Newcomers", going: 3))
            let second = await run(harness, night: 1)
            let text = try #require(second.digestText, "news: printed")
            #expect(
                text.contains(
                    "New (1)\n- Brand new Bcc: victim@example.org — Thu 26 Nov, 18:00–20:00 (UTC+01:00) · Factory Berlin, Berlin · Newcomers · 3 going · Swift"
                ), "\(text)")
            #expect(
                text.contains(
                    "Moved (1)\n- Rust meetup — was Wed 2 Dec, 19:00 (UTC+01:00) · Factory Berlin, Berlin, now Thu 3 Dec, 19:00 (UTC+01:00) · Factory Berlin, Berlin"
                ), "\(text)")
            #expect(text.contains("Cancelled or removed (1)\n- Broken photo — was Wed 2 Dec, 18:00"), "\(text)")
            #expect(!text.contains("\nBcc:"), "a CR/LF in a title never starts a line")
            // This week (23–30 Nov): only 105; the shared event 500 is further out.
            #expect(text.contains("This week (1)\n- Brand new"), "\(text)")
            let page = try harness.page("digest.html")
            #expect(
                page.contains("<h2>New (1)</h2>") && page.contains("<h2>Moved (1)</h2>")
                    && page.contains("<h2>Cancelled or removed (1)</h2>"))
            #expect(!page.contains("<script>"))

            // Same data the next night: quiet, so nothing on stdout; the page says so.
            let third = await run(harness, night: 2)
            #expect(third.succeeded && third.digestText == nil)
            #expect(try harness.page("digest.md").contains(DigestWriter.quietLine))
            let loud = await run(harness, night: 2, onlyWhenChanged: false)
            #expect(loud.digestText?.contains(DigestWriter.quietLine) == true)

            // Archive: a page per night, newest first in the index, one feed entry a night.
            for day in ["2026-11-22", "2026-11-23", "2026-11-24"] {
                #expect(
                    FileManager.default.fileExists(
                        atPath: harness.outputDirectory.appendingPathComponent("digests/\(day).html").path), "\(day)")
            }
            let index = try harness.page("digests/index.md")
            let order = ["2026-11-24", "2026-11-23", "2026-11-22"].compactMap {
                index.range(of: "<\($0).html>")?.lowerBound
            }
            #expect(order.count == 3 && order == order.sorted(), "\(index)")
            let feed = try harness.page("digest.atom")
            #expect(feed.occurrences(of: "<entry>") == 3)
            #expect(
                feed.contains("<id>urn:meetup-report:digest:2026-11-23</id>")
                    && feed.contains("&lt;h2&gt;Moved (1)&lt;/h2&gt;"))
        }

        @Test func eventsThatMerelyEndedAreNotCancelled() async throws {
            let harness = try await PipelineHarness.start()
            _ = await run(harness, night: 0)
            // 2 December: the events of 1 December are over, nothing else changed.
            let later = await run(harness, night: 10)
            #expect(later.succeeded && later.digestText == nil, "\(later.digestText ?? "")")
            #expect(try !harness.page("digest.md").contains("Cancelled"))
        }
    }
}
