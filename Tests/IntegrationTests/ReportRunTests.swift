import Foundation
import LoopbackServer
import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// A whole run (`ReportRun`, and the binary for `--offline` and `--stats`): the re-render
/// from the last fetch, the `maxEvents` cap while paging, photos that are not images, the
/// search index built in staging, All events split by month.
extension LoopbackSuites {
    @Suite("A run end to end: offline, stats, caps, photos, search, months")
    struct ReportRunTests {
        func writeConfig(_ harness: PipelineHarness, maxEvents: Int? = nil) throws -> URL {
            var swift: [String: Any] = ["id": "swift", "keyword": "swift", "lat": 52.5, "lon": 13.4]
            if let maxEvents { swift["maxEvents"] = maxEvents }
            let config: [String: Any] = [
                "title": "Coverage", "baseURL": "https://example.org/", "timeZone": "Europe/Berlin",
                "source": [
                    "type": "meetup-api", "endpoint": harness.baseURL.appendingPathComponent("gql").absoluteString,
                    "tokenVariable": "TEST_MEETUP_TOKEN",
                ],
                "output": "site/Output", "cache": "cache", "thumbnailWidth": 100, "history": ["enabled": false],
                "queries": [swift, ["id": "rust", "keyword": "rust", "lat": 52.5, "lon": 13.4]],
            ]
            let file = harness.folder.path("queries.json")
            try JSONSerialization.data(withJSONObject: config).write(to: file)
            return file
        }

        @Test func offlineReRendersTheSameSiteWithoutNetworkOrTokenAndStatsAreWritten() async throws {
            let harness = try await PipelineHarness.start()
            let config = try writeConfig(harness)
            let stats = harness.folder.path("stats.json")
            let arguments = [
                "--config", config.path, "--templates", Fixtures.templates.path, "--now", "2026-11-22T08:00:00Z",
            ]
            let online = try await CommandRunner.run(
                arguments + ["--stats", stats.path], environment: ["TEST_MEETUP_TOKEN": PipelineHarness.token])
            #expect(online.status == 0, "\(online.stderr)")
            let figures = try JSONValue.parse(Data(contentsOf: stats))
            #expect(figures["events"]?.intValue == 7 && figures["published"]?.intValue == 1, "\(figures)")
            #expect(figures["photosDownloaded"]?.intValue == 3 && figures["requestsSent"]?.intValue ?? 0 >= 7)
            for stage in ["fetch", "photos", "render", "publish"] {
                #expect(figures["\(stage)Seconds"]?.doubleValue != nil, "\(stage)")
            }
            let site = PipelineHarness.tree(harness.outputDirectory)

            harness.server.resetCounters()
            let before = harness.server.photoRequests
            let offline = try await CommandRunner.run(arguments + ["--offline"])
            #expect(offline.status == 0, "no token needed: \(offline.stderr)")
            #expect(
                harness.server.counters.graphQLRequests == 0 && harness.server.photoRequests == before,
                "no request at all")
            #expect(PipelineHarness.tree(harness.outputDirectory) == site, "the same site")
        }

        @Test func maxEventsStopsPagingOnceReached() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config()
            config.queries[0].maxEvents = 2
            harness.server.resetCounters()
            let summary = await harness.run(config)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(
                harness.server.counters.graphQLRequests == 3,
                "one swift page (3 events, capped at 2), one rust, one online")
            let events = try JSONValue.parse(Data(try harness.page("events.json").utf8))
            let swift = events["queries"]?.arrayValue?.first { $0["id"]?.stringValue == "swift" }
            #expect(swift?["eventIds"]?.arrayValue?.count == 2)
        }

        @Test func aPhotoThatIsNotAnImageGetsThePlaceholder() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPhoto(
                Data("<html>login required</html>".utf8), named: "group-b.png", contentType: "text/html; charset=utf-8")
            let observer = RecordingObserver()
            let summary = await harness.run(observer: observer)
            #expect(summary.succeeded, "photo problems are warnings")
            #expect(
                observer.warnings.contains {
                    $0.contains(
                        "group-b.png: not an image (Content-Type text/html; charset=utf-8); using the placeholder")
                },
                "\(observer.warnings)")
            #expect(try harness.page("queries/swift.html").contains("assets/placeholder.svg"))
        }

        /// A run with search on, with `PATH` as given: its summary and warnings.
        func runWithSearch(_ harness: PipelineHarness, path: String) async -> (RunSummary, [String]) {
            var config = harness.config()
            config.search = true
            let observer = RecordingObserver()
            return (await harness.run(config, environment: ["PATH": path], observer: observer), observer.warnings)
        }

        static let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

        /// Pagefind is found on `PATH`, or this is CI, where its absence is a broken install
        /// (`make test` installs it) and the test runs to fail.
        static let pagefindOrCI =
            SearchIndexStep.pagefind(ChildEnvironment(["PATH": path], secretVariables: [])) != nil
            || ProcessInfo.processInfo.environment["CI"] == "true"

        @Test func withoutPagefindTheRunWarnsOnceAndPublishesWithoutSearch() async throws {
            let harness = try await PipelineHarness.start()
            func run(path: String) async -> (RunSummary, [String]) { await runWithSearch(harness, path: path) }
            let (without, warnings) = await run(path: "/nonexistent")
            #expect(without.succeeded && warnings.filter { $0.hasPrefix("search:") }.count == 1, "\(warnings)")
            #expect(
                !FileManager.default.fileExists(atPath: harness.outputDirectory.appendingPathComponent("pagefind").path)
            )
            #expect(
                try harness.page("index.html").contains("id=\"search\""),
                "the box is there; without its script it shows nothing")

        }

        @Test func aPagefindThatFailsBesideTheRenderPublishesWithoutSearch() async throws {
            let harness = try await PipelineHarness.start()
            let bin = try Fixtures.temporaryDirectory()
            // Half an index, then a failure, while the render runs.
            let script = """
                #!/bin/sh
                while [ "$#" -gt 0 ]; do [ "$1" = "--output-path" ] && out="$2"; shift; done
                mkdir -p "$out" && echo '{}' > "$out/pagefind-entry.json"
                echo "Error: out of disk" >&2
                exit 3
                """
            try FileOperations.writeAtomically(Data(script.utf8), to: bin.path("pagefind"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path("pagefind").path)
            let (summary, warnings) = await runWithSearch(harness, path: bin.url.path + ":" + Self.path)
            #expect(summary.succeeded && summary.published)
            #expect(warnings.contains("search: Pagefind exited with 3: Error: out of disk; published without search"))
            #expect(
                !FileManager.default.fileExists(atPath: harness.outputDirectory.appendingPathComponent("pagefind").path)
            )
            #expect(try harness.page("index.html").contains("<h1"), "the pages are published")
        }

        @Test func aRenderThatFailsWaitsForTheSearchIndexThenLeavesNothing() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await harness.run().succeeded)
            let goodSite = PipelineHarness.tree(harness.outputDirectory)
            let bin = try Fixtures.temporaryDirectory()
            // Held until the test sees it start, then writes into its output and logs its end: a
            // night that removed the staging folder without waiting would leave one behind.
            let script = """
                #!/bin/sh
                while [ "$#" -gt 0 ]; do [ "$1" = "--output-path" ] && out="$2"; shift; done
                touch "\(bin.path("started").path)"
                tries=0
                while [ ! -e "\(bin.path("release").path)" ] && [ $tries -lt 3000 ]; do
                    sleep 0.01; tries=$((tries + 1))
                done
                mkdir -p "$out" && echo '{}' > "$out/pagefind-entry.json"
                touch "\(bin.path("ended").path)"
                """
            try FileOperations.writeAtomically(Data(script.utf8), to: bin.path("pagefind"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path("pagefind").path)
            DispatchQueue.global().async {
                let deadline = ContinuousClock.now + .seconds(30)
                while !FileManager.default.fileExists(atPath: bin.path("started").path), ContinuousClock.now < deadline
                {
                    usleep(2_000)
                }
                try? FileOperations.writeAtomically(Data(), to: bin.path("release"))
            }
            var config = harness.config()
            config.search = true
            // A page name no file system takes: the render's write fails.
            config.queries[0].id = String(repeating: "a", count: 300)
            let summary = await harness.run(config, environment: ["PATH": bin.url.path + ":" + Self.path])
            #expect(!summary.succeeded && !summary.published)
            #expect(summary.line.contains("File name too long"), "\(summary.line)")
            #expect(FileManager.default.fileExists(atPath: bin.path("ended").path), "the index was waited for")
            #expect(PipelineHarness.tree(harness.outputDirectory) == goodSite, "the last good site is untouched")
            let siblings = try FileManager.default.contentsOfDirectory(
                atPath: harness.outputDirectory.deletingLastPathComponent().path)
            #expect(!siblings.contains { $0.contains("staging") }, "no staging folder is left behind: \(siblings)")
        }

        @Test(
            .enabled(
                if: pagefindOrCI, "Pagefind is not installed here (make test installs it: pip install pagefind-bin)"))
        func searchIsBuiltInStaging() async throws {
            let harness = try await PipelineHarness.start()
            #expect(
                SearchIndexStep.pagefind(ChildEnvironment(["PATH": Self.path], secretVariables: [])) != nil,
                "Pagefind is not on PATH")
            let (with, _) = await runWithSearch(harness, path: Self.path)
            #expect(with.succeeded)
            let folder = harness.outputDirectory.appendingPathComponent("pagefind")
            let shards = try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent("shards.json")))
            let names = shards.arrayValue?.compactMap { $0.stringValue } ?? []
            #expect(names == ["all"], "a small site: one shard")
            let fragments = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("all/fragment").path)
            #expect(fragments.count >= 5, "every event is indexed: \(fragments.count)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("pagefind-ui.js").path))

            // The same night again: the shard is the published one, not made again.
            let entry = folder.appendingPathComponent("all/pagefind-entry.json").path
            let inode = try FileManager.default.attributesOfItem(atPath: entry)[.systemFileNumber] as? Int
            #expect(await runWithSearch(harness, path: Self.path).0.succeeded)
            #expect(try FileManager.default.attributesOfItem(atPath: entry)[.systemFileNumber] as? Int == inode)
        }

        @Test func allEventsAreSplitByMonthWithANavigation() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPages(
                [
                    try Fixtures.page(
                        [
                            Fixtures.node(
                                id: "301", title: "AI online", dateTime: "2026-12-04T17:00:00Z", venue: nil,
                                online: true, groupName: "AI Builders"),
                            Fixtures.node(
                                id: "399", title: "New year hack", dateTime: "2027-01-08T18:00:00+01:00",
                                groupPhoto: harness.photoURL("group-b.png")),
                        ], endCursor: nil)
                ], forKeyword: "online")
            var config = harness.config()
            config.queries[2].daysAhead = 60
            #expect(await harness.run(config).succeeded)
            // All events is an index of the months (it copied the first month), each month a page of its own.
            let all = try harness.page("all.html")
            #expect(
                all.contains("<a href=\"all/2026-12.html\">December 2026</a> · 8 events")
                    && all.contains("<a href=\"all/2027-01.html\">January 2027</a> · 1 event"), "\(all)")
            #expect(!all.contains("<h3 id=\"event-"), "all.html lists no month's events")
            #expect(try harness.page("all/2026-12.html").contains("<strong>December 2026</strong>"))
            let january = try harness.page("all/2027-01.html")
            #expect(january.contains(">New year hack</a>") && !january.contains(">AI online</a>"))
            #expect(
                january.contains("src=\"../thumbs/")
                    && january.contains("<a href=\"2026-12.html\">December 2026</a>") == false)
            #expect(january.contains("<a href=\"../all/2026-12.html\">December 2026</a>"), "links from one folder down")
            #expect(try harness.page("sitemap.xml").contains("all/2027-01.html"))
        }
    }
}
