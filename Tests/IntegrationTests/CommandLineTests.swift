import Foundation
import LoopbackServer
import MeetupModel
import MeetupNetwork
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
import Testing

extension LoopbackSuites {
    @Suite("The meetup-report command: exit codes, summary, demo")
    struct CommandLineTests {
        @Test func demoPublishesIndexAndAPagePerQuery() async throws {
            let folder = try TemporaryDirectory()
            let result = try await CommandRunner.run([
                "--config", Fixtures.packageRoot.appendingPathComponent("Examples/demo/config.json").path,
                "--output", folder.path("Output").path, "--cache", folder.path("cache").path, "--state",
                folder.path("state").path,
                "--templates", Fixtures.templates.path, "--now", "2026-11-22T08:00:00Z",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.lastLine.hasPrefix("meetup-report: ok: 8/8 queries, 54 events (3 removed by curation)"),
                "\(result.lastLine)")
            for page in [
                "index", "all", "queries/swift-ios", "queries/rust", "queries/data-science", "queries/ai-online",
                "queries/ux-design",
                "queries/berlin-groups", "queries/rladies", "queries/tu-talks", "groups",
            ] {
                #expect(FileManager.default.fileExists(atPath: folder.path("Output/\(page).html").path), "\(page).html")
                #expect(FileManager.default.fileExists(atPath: folder.path("Output/\(page).md").path), "\(page).md")
            }
            // The demo's curation keeps the hardware group off the rust search; the groups page still lists it.
            let rust = try String(contentsOf: folder.path("Output/queries/rust.html"), encoding: .utf8)
            #expect(!rust.contains("Soldering 101"))
            let followed = try String(contentsOf: folder.path("Output/queries/berlin-groups.html"), encoding: .utf8)
            // The showcase holds no hostile text (that is Examples/hostile's and the tests'): issue 62, item 14.
            #expect(followed.contains("Soldering 101: your first kit") && !followed.contains("&lt;script"))
            #expect(!followed.withoutSiteScripts.contains("<script"))
            #expect(try String(contentsOf: folder.path("Output/index.md"), encoding: .utf8).contains("## Pinned"))
            // The groups report: a list of groups (one unknown) and a Pro network, attention first.
            let groups = try String(contentsOf: folder.path("Output/groups.md"), encoding: .utf8)
            #expect(groups.contains("**20 groups, 7 with no event for 6 months**"), "\(groups.prefix(300))")
            let attention = try #require(groups.range(of: "### Needs attention"))
            #expect(groups.range(of: "berlin-perl-mongers")?.lowerBound ?? attention.lowerBound > attention.lowerBound)
            // A group's figures are its page's (issue 62, item 5): the record's last event and count.
            #expect(groups.contains("Last event 8 Mar 2026, 258 days ago · nothing scheduled · 37 past events"))
            let haskell = try String(contentsOf: folder.path("Output/groups/berlin-haskell-users.md"), encoding: .utf8)
            #expect(haskell.contains("**Last event 8 Mar 2026 · quiet since then · 37 past events in the record**"))
            let melbourne = try String(contentsOf: folder.path("Output/groups/rladies-melbourne.md"), encoding: .utf8)
            #expect(melbourne.contains("Last event 15 Nov 2026 · next 2 Dec 2026 · 98 past events"))
            #expect(groups.contains("Last event 15 Nov 2026, 7 days ago · next 2 Dec 2026 · 98 past events"))
            let index = try String(contentsOf: folder.path("Output/index.md"), encoding: .utf8)
            #expect(index.contains("[groups: 20 groups, 7 with no event for 6 months](<groups.html>)"))
        }

        @Test func digestStdoutPrintsTheDigestAndNothingOnAQuietNight() async throws {
            let folder = try TemporaryDirectory()
            let arguments = [
                "--config", Fixtures.packageRoot.appendingPathComponent("Examples/demo/config.json").path,
                "--output", folder.path("Output").path, "--cache", folder.path("cache").path, "--state",
                folder.path("state").path,
                "--templates", Fixtures.templates.path, "--now", "2026-11-22T08:00:00Z", "--digest-stdout", "--quiet",
            ]
            let first = try await CommandRunner.run(arguments)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(
                first.stdout.hasPrefix(
                    "Berlin Tech Meetups: Digest for Sunday, 22 November 2026\n\nThe first digest of this site"),
                "\(first.stdout)")
            #expect(!first.stdout.contains("meetup-report:"), "the summary goes to stderr, the digest alone to stdout")
            let quiet = try await CommandRunner.run(arguments)
            #expect(
                quiet.status == 0 && quiet.stdout.isEmpty, "nothing changed: nothing for cron to mail (\(quiet.stdout))"
            )
        }

        /// Issue 62, item 8: `backfill` from a binary that is not installed failed for want of templates
        /// it never uses, and counted the record's upcoming events as past ones.
        @Test func backfillNeedsNoTemplatesAndCountsPastEventsAsPast() async throws {
            let folder = try TemporaryDirectory()
            let result = try await CommandRunner.run(
                [
                    "backfill", "--config",
                    Fixtures.packageRoot.appendingPathComponent("Examples/demo/config.json").path,
                    "--cache", folder.path("cache").path, "--state", folder.path("state").path,
                    "--now", "2026-11-22T08:00:00Z",
                ], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout.hasPrefix("backfill: 584 past events (and 1 upcoming) of 17 groups since 2016-01-10"),
                "\(result.stdout)")
        }

        @Test func badConfigExitsTwoNamingFileAndKeyPath() async throws {
            let folder = try TemporaryDirectory()
            let config = folder.path("queries.json")
            try Data(
                #"{"title": "T", "baseURL": "https://x.org/", "source": {"type": "meetup-api"}, "queries": [{"id": "a", "keyword": "k", "lat": 91, "lon": 0}]}"#
                    .utf8
            )
            .write(to: config)
            let result = try await CommandRunner.run(
                ["--config", config.path, "--now", PipelineHarness.nowArgument], environment: ["MEETUP_TOKEN": "t"])
            #expect(result.status == 2)
            #expect(
                result.lastLine.contains("\(config.path): queries[0].lat: expected a number from -90 to 90, found 91"),
                "\(result.lastLine)")
        }

        @Test func badCommandLineExitsTwo() async throws {
            let result = try await CommandRunner.run([
                "--config", "x.json", "--now", PipelineHarness.nowArgument, "--photo-concurrency", "0",
            ])
            #expect(result.status == 2)
            #expect(result.stderr.contains("--photo-concurrency must be from 1 to 64"))
            let help = try await CommandRunner.run(["--help"])
            #expect(help.status == 0)
            #expect(
                help.stdout.contains("run (default)") && help.stdout.contains("auth")
                    && help.stdout.contains("Exit status"))
            // The options of the run it performs by default (issue 62, item 13).
            #expect(
                help.stdout.contains("OPTIONS OF THE RUN") && help.stdout.contains("--record <dir>"), "\(help.stdout)")
            let runHelp = try await CommandRunner.run(["help", "run"])
            #expect(runHelp.status == 0)
            #expect(runHelp.stdout.contains("--record <dir>") && runHelp.stdout.contains("Exit status"))
        }

        @Test func failedQueryExitsOneKeepsTheSiteAndNeverPrintsTheToken() async throws {
            let harness = try await PipelineHarness.start()
            let configFile = harness.folder.path("queries.json")
            let config: [String: Any] = [
                "title": "Loopback", "baseURL": "https://example.org/", "timeZone": "Europe/Berlin",
                "source": [
                    "type": "meetup-api", "endpoint": harness.baseURL.appendingPathComponent("gql").absoluteString,
                    "tokenVariable": "TEST_MEETUP_TOKEN",
                ],
                "output": "site/Output", "cache": "cache", "thumbnailWidth": 100,
                "limits": ["retries": 1, "retryBaseDelay": 0.01],
                "queries": [
                    ["id": "swift", "keyword": "swift", "lat": 52.5, "lon": 13.4],
                    ["id": "rust", "keyword": "rust", "lat": 52.5, "lon": 13.4],
                ],
            ]
            try JSONSerialization.data(withJSONObject: config).write(to: configFile)
            let environment = ["TEST_MEETUP_TOKEN": PipelineHarness.token]

            let good = try await CommandRunner.run(
                [
                    "--config", configFile.path, "--now", PipelineHarness.nowArgument, "--verbose", "--record",
                    harness.folder.path("recording").path,
                ], environment: environment)
            #expect(good.status == 0, "\(good.stderr)")
            #expect(
                good.lastLine.hasPrefix("meetup-report: ok: 2/2 queries, 7 events; photos 3 downloaded"),
                "\(good.lastLine)")
            let site = PipelineHarness.tree(harness.outputDirectory)

            harness.server.setPageFault(.status(503), keyword: "rust", page: 1)
            let failed = try await CommandRunner.run(
                ["--config", configFile.path, "--now", PipelineHarness.nowArgument], environment: environment)
            #expect(failed.status == 1)
            #expect(failed.lastLine.contains("FAILED: 1/2 queries"))
            #expect(failed.lastLine.contains("rust (page 1: HTTP 503 from the API; kept its events from"))
            #expect(failed.stderr.contains("retry 1 of 127.0.0.1/gql"))
            let staleSite = PipelineHarness.tree(harness.outputDirectory)
            #expect(staleSite["/queries/swift.html"] == site["/queries/swift.html"])
            #expect(String(decoding: staleSite["/queries/rust.html"] ?? Data(), as: UTF8.self).contains("Stale since"))

            for output in [good.stdout, good.stderr, failed.stdout, failed.stderr] {
                #expect(!output.contains(PipelineHarness.token))
            }
            for (path, data) in PipelineHarness.tree(harness.folder.url) {
                #expect(!String(decoding: data, as: UTF8.self).contains(PipelineHarness.token), "\(path)")
            }
        }
    }
}
