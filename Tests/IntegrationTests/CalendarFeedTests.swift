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

/// Other calendars through whole runs: a feed by URL from a loopback server
/// (the server's static-file route, with its ETag), asked conditionally the next night;
/// hostile feeds costing their calendar's freshness and nothing else; an event both on
/// Meetup and in the feed shown once.
extension LoopbackSuites {
    @Suite("Other calendars in a run")
    struct CalendarFeedTests {
        static var demoFeed: Data {
            get throws {
                try Data(
                    contentsOf: Fixtures.packageRoot.appendingPathComponent(
                        "Examples/demo/calendars/tu-berlin-talks.ics"))
            }
        }

        func config(_ harness: PipelineHarness, feed: String = "talks.ics") -> ReportConfig {
            var config = harness.config()
            config.queries.append(
                EventQuery(
                    id: "tu-talks", title: "TU talks",
                    kind: .calendar(.url(harness.baseURL.appendingPathComponent("photos/\(feed)"))),
                    daysAhead: 60))
            return config
        }

        @Test func aFeedByURLJoinsTheSiteAndIsAskedConditionallyTheNextNight() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPhoto(try Self.demoFeed, named: "talks.ics", contentType: "text/calendar")
            let first = await harness.run(config(harness))
            #expect(first.succeeded, "\(first.line)")
            let page = try harness.page("queries/tu-talks.html")
            #expect(page.occurrences(of: "<h3 id=") == 9, "nine occurrences in the window")
            #expect(page.contains("<h2>Saturday, 12 December 2026</h2>") && page.contains("<strong>All day</strong>"))
            #expect(
                !page.contains("<script") && !page.contains("javascript:") && !page.contains("<b>"),
                "no raw HTML from the feed")
            #expect(try harness.page("calendar.ics").contains("DTSTART;VALUE=DATE:20261212"))
            #expect(harness.server.counters.photoResponses200 >= 1)

            let feedRequests = LockedBox(0)
            harness.server.setRequestObserver { path in
                if path.hasSuffix("talks.ics") { feedRequests.withLock { $0 += 1 } }
            }
            let bytesBefore = harness.server.counters.photoBytesSent
            let second = await harness.run(config(harness))
            #expect(second.succeeded && feedRequests.withLock { $0 } == 1)
            #expect(
                harness.server.counters.photoBytesSent == bytesBefore,
                "unchanged feed (and photos): 304s, the cached copy parsed")
            #expect(try harness.page("queries/tu-talks.html").occurrences(of: "<h3 id=") == 9)
        }

        @Test func hostileFeedsCostTheirCalendarsFreshnessAndNothingElse() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPhoto(try Self.demoFeed, named: "talks.ics", contentType: "text/calendar")
            #expect(await harness.run(config(harness)).succeeded)
            let huge = Data(repeating: UInt8(ascii: "x"), count: 50 << 20)
            let deep = Data(
                ("BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:VX\r\n", count: 100_000) + "END:VCALENDAR\r\n").utf8)
            for (feed, reason) in [
                (huge, "the response is larger than"), (deep, "components nested deeper than 8 levels"),
            ] {
                harness.server.setPhoto(feed, named: "talks.ics", contentType: "text/calendar")
                let summary = await harness.run(config(harness))
                #expect(!summary.succeeded && summary.published, "the site is published, the run says it failed")
                #expect(
                    summary.failures.map(\.queryID) == ["tu-talks"] && summary.queriesSucceeded == 3, "\(summary.line)")
                #expect(summary.line.contains(reason), "\(summary.line)")
                let page = try harness.page("queries/tu-talks.html")
                #expect(page.occurrences(of: "<h3 id=") == 9, "the last good events stand in")
                #expect(try harness.page("queries/swift.html").contains("<h3 id="), "the other queries are untouched")
            }
        }

        /// A working site gets a calendar that does not answer yet; the site still publishes.
        @Test func aNewCalendarThatDoesNotAnswerYetHoldsNothingBack() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await harness.run(harness.config()).succeeded)
            let summary = await harness.run(config(harness, feed: "not-there-yet.ics"))
            #expect(summary.published && !summary.succeeded, "\(summary.line)")
            #expect(summary.failures.map(\.queryID) == ["tu-talks"] && summary.queriesSucceeded == 3, "\(summary.line)")
            #expect(summary.line.contains("failed: tu-talks ("), "the summary names it: \(summary.line)")
            let page = try harness.page("queries/tu-talks.html")
            #expect(page.contains("<strong>Not fetched yet:</strong>") && page.contains("HTTP 404"), "\(page)")
            #expect(try harness.page("index.html").contains("<em>not fetched yet: "))
            #expect(try harness.page("queries/swift.html").contains("<h3 id="), "the other queries are published")
        }

        /// A rule that never matches ran for ever, holding the lock; now the run's
        /// `limits.runTimeout` holds for reading the feed too (it costs that calendar), and the next night runs.
        @Test func aRuleThatNeverMatchesCannotOutliveTheRunTimeout() async throws {
            let harness = try await PipelineHarness.start()
            let never = (1...5).map { index in
                "BEGIN:VEVENT\r\nUID:never\(index)\r\nDTSTART:20261122T090000Z\r\nRRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\n"
                    + "SUMMARY:Never\r\nEND:VEVENT\r\n"
            }.joined()
            let document = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n" + never + "END:VCALENDAR\r\n"
            harness.server.setPhoto(Data(document.utf8), named: "talks.ics", contentType: "text/calendar")
            var limited = config(harness)
            limited.limits.runTimeout = 3
            let started = ContinuousClock.now
            let summary = await harness.run(limited)
            #expect(ContinuousClock.now - started < .seconds(20), "bounded by the run's timeout, not by libical")
            #expect(!summary.succeeded && summary.line.contains("tu-talks (calendar: reading it took longer than"))
            #expect(summary.published, "the other queries are published all the same: \(summary.line)")
            harness.server.setPhoto(try Self.demoFeed, named: "talks.ics", contentType: "text/calendar")
            let next = await harness.run(config(harness))
            #expect(next.succeeded, "the lock was released: \(next.line)")
        }

        /// Issue 61, item 1: one server that sends a byte at a time and never finishes made the night
        /// publish nothing ("before its backfill step"); it costs its own query, and only its time.
        @Test func aServerThatNeverFinishesCostsItsQueryNotTheNight() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPhoto(try Self.demoFeed, named: "talks.ics", contentType: "text/calendar")
            let good = await harness.run(config(harness))
            #expect(good.succeeded, "\(good.line)")
            let drip = try RawFaultServer(.slowDrip(interval: .milliseconds(50), bytes: 1_000_000))
            defer { drip.stop() }
            var slow = config(harness)
            slow.queries[slow.queries.count - 1].kind = .calendar(
                .url(drip.baseURL.appendingPathComponent("talks.ics")))
            slow.limits.runTimeout = 4
            harness.server.setPages(
                [
                    try Fixtures.page(
                        [Fixtures.node(id: "299", title: "Tonight's new one", dateTime: "2026-12-03T19:00:00+01:00")],
                        endCursor: nil)
                ],
                forKeyword: "rust")
            let started = ContinuousClock.now
            let summary = await harness.run(slow)
            let took = ContinuousClock.now - started
            #expect(took < .seconds(15), "bounded by the limit: \(took)")
            #expect(summary.published, "the rest of the night is published: \(summary.line)")
            #expect(
                summary.line.contains("FAILED: 3/4 queries") && summary.line.contains("tu-talks"), "\(summary.line)")
            #expect(!summary.line.contains("previous site kept"), "\(summary.line)")
            #expect(
                try harness.page("queries/rust.html").contains("Tonight&#39;s new one")
                    || (try harness.page(
                        "queries/rust.html"
                    ).contains("Tonight's new one")), "tonight's events of the other queries")
            #expect(try harness.page("queries/tu-talks.html").contains("Stale since"), "its last good events stand in")
        }

        @Test func anEventAlsoOnMeetupAppearsOnceListingBothSources() async throws {
            let harness = try await PipelineHarness.start()
            let feed = """
                BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:same\r\nDTSTART:20261202T180000Z\r\n\
                SUMMARY:Our rust evening\r\nURL:http://meetup.com/x/events/201\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
                """
            harness.server.setPhoto(Data(feed.utf8), named: "talks.ics", contentType: "text/calendar")
            let summary = await harness.run(config(harness))
            #expect(summary.succeeded, "\(summary.line)")
            let page = try harness.page("queries/tu-talks.html")
            #expect(
                page.contains(">Rust meetup</a>") && !page.contains("Our rust evening"), "Meetup's event, by its URL")
            let all = try harness.page("all/2026-12.html")
            #expect(all.occurrences(of: ">Rust meetup</a>") == 1)
            #expect(
                all.contains(
                    "Found by: <a href=\"../queries/rust.html\">Rust</a>, <a href=\"../queries/tu-talks.html\">TU talks</a>"
                ))
        }
    }
}
