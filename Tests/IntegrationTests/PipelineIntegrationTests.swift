import Foundation
import LoopbackServer
import MeetupModel
import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

extension LoopbackSuites {
    @Suite("Whole pipeline against a loopback API")
    struct PipelineIntegrationTests {
        @Test func firstRunPublishesEveryPageWithThumbnails() async throws {
            let harness = try await PipelineHarness.start()
            let summary = await harness.run()

            #expect(summary.succeeded, "\(summary.line)")
            #expect(summary.eventCount == 9, "the event two queries share counts once")
            // Each photo counted once (issue 62, item 13): the truncated one is failed, not downloaded too.
            #expect(summary.photos.downloaded == 3)
            #expect(summary.photos.failed == 2, "one truncated, one 404")
            #expect(summary.photos.photos == 5, "five distinct photos")

            let index = try harness.page("index.html")
            #expect(index.contains("Test &amp; &lt;Meetups&gt;"))
            for (query, count) in PipelineHarness.expectedCounts {
                let page = try harness.page("queries/\(query).html")
                #expect(page.occurrences(of: "<h3 id=\"event-") == count, "query \(query)")
                #expect(index.contains("href=\"queries/\(query).html\""))
                #expect(
                    FileManager.default.fileExists(
                        atPath: harness.outputDirectory.appendingPathComponent("queries/\(query).md").path))
            }
            #expect(index.contains("<strong>5 events</strong>") && index.contains("<strong>3 events</strong>"))

            let counters = harness.server.counters
            #expect(counters.graphQLRequests == 4, "swift has two pages")
            #expect(counters.photoResponses200 == 4, "each distinct photo downloaded once, even when shared")
            #expect(counters.authorizationHeaders == ["Bearer \(PipelineHarness.token)"])
        }

        @Test func thumbnailsAreRealJPEGsOfTheConfiguredWidth() async throws {
            let harness = try await PipelineHarness.start()
            let summary = await harness.run(harness.config(thumbnailWidth: 150))
            #expect(summary.succeeded)

            let thumbs = harness.outputDirectory.appendingPathComponent("thumbs")
            let names = try FileManager.default.contentsOfDirectory(atPath: thumbs.path).sorted()
            // JPEG, PNG and WebP sources (the broken and missing ones get the placeholder), each at
            // 1x and, for high-density screens, a twin 1.5 to 2 times as wide (a JPEG's twin comes from
            // the decode the 1x needs: 240 px of a 480 px photo), the sources being wider than 150 px.
            #expect(names.count == 6 && names.filter { $0.hasSuffix("@2x.jpg") }.count == 3, "\(names)")
            for name in names {
                let file = thumbs.appendingPathComponent(name)
                let bytes = try Data(contentsOf: file)
                #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "\(name) is a JPEG")
                let size = try #require(VipsThumbnailer.imageSize(of: file))
                #expect(name.hasSuffix("@2x.jpg") ? (225...300).contains(size.width) : size.width == 150, "\(name)")
            }
            // Width and height are in the page, so nothing shifts while images load.
            let swift = try harness.page("queries/swift.html")
            #expect(swift.contains("width=\"150\" height=\"100\""), "480x320 becomes 150x100")
            #expect(swift.contains("width=\"150\" height=\"150\""), "400x400 becomes 150x150")
            #expect(swift.occurrences(of: "src=\"../assets/placeholder.svg\"") == 2)
            #expect(swift.occurrences(of: "@2x.jpg 2x\" src=\"../thumbs/") >= 2, "the twins are offered in srcset")
        }

        @Test func secondRunRevalidatesAndDownloadsNoPhotoBytes() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await harness.run().succeeded)
            let firstSite = PipelineHarness.tree(harness.outputDirectory)
            harness.server.resetCounters()

            let second = await harness.run()
            #expect(second.succeeded)
            let counters = harness.server.counters
            #expect(counters.photoResponses200 == 0)
            #expect(counters.photoBytesSent == 0)
            #expect(counters.photoResponses304 == 4)
            #expect(second.photos.revalidated == 3 && second.photos.downloaded == 0 && second.photos.failed == 2)
            #expect(second.photos.thumbnailsMade == 0, "cached thumbnails are reused")
            #expect(PipelineHarness.tree(harness.outputDirectory) == firstSite)
        }

        @Test func freshPhotosAreNotEvenRevalidatedUntilTheyExpire() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPhoto(
                try Fixtures.data("photos/group-a.jpg"), named: "group-a.jpg", cacheControl: "public, max-age=3600")
            harness.server.setPhoto(
                try Fixtures.data("photos/group-b.png"), named: "group-b.png", contentType: "image/png",
                cacheControl: "no-cache")
            var config = harness.config()
            config.limits.photoFreshness = 600  // for photos whose server says nothing
            #expect(await harness.run(config).succeeded)
            harness.server.resetCounters()
            let requestsBefore = harness.server.photoRequests

            // Freshness is wall-clock time: the clock moves, injected through the API.
            let fiveMinutes = PipelineHarness.now.addingTimeInterval(300)
            let soon = await harness.run(config, now: fiveMinutes, clock: { fiveMinutes })
            #expect(soon.succeeded)
            // The truncated one is fresh in the cache too, and counted failed: it has no usable image.
            #expect(soon.photos.fromCache == 2, "group-a (max-age) and event-c (default 600 s)")
            #expect(soon.photos.revalidated == 1, "group-b said no-cache")
            #expect(harness.server.photoRequests - requestsBefore == 2, "group-b and the missing photo only")

            let twentyMinutes = PipelineHarness.now.addingTimeInterval(1200)
            let later = await harness.run(config, now: twentyMinutes, clock: { twentyMinutes })
            #expect(later.photos.fromCache == 1, "only group-a, fresh for an hour")
            #expect(later.photos.revalidated == 2, "group-b and event-c (the truncated one counts failed)")
            #expect(harness.server.counters.photoResponses200 == 0, "nothing was downloaded again")
        }

        @Test func aFailingQueryKeepsItsLastGoodEventsMarkedStale() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await harness.run().succeeded)
            let goodSite = PipelineHarness.tree(harness.outputDirectory)
            harness.scheduler.reset()

            harness.server.setPageFault(.status(500, body: "boom"), keyword: "swift", page: 2)
            let failed = await harness.run()
            #expect(!failed.succeeded && failed.published, "published with the stale query, and exit 1")
            #expect(failed.failures == [.httpStatus(query: "swift", page: 2, status: 500)])
            #expect(failed.staleSince == ["swift": PipelineHarness.now])
            #expect(
                failed.line.contains("swift (page 2: HTTP 500 from the API; kept its events from 2026-11-22T08:00:00Z)")
            )
            #expect(harness.scheduler.waits.count == 3, "three retries, then the query fails")

            let site = PipelineHarness.tree(harness.outputDirectory)
            let swift = try harness.page("queries/swift.html")
            #expect(swift.occurrences(of: "<h3 id=\"event-") == 5, "the last good events are still listed")
            #expect(swift.contains("<strong>Stale since 22 Nov 2026"))
            #expect(swift.contains("HTTP 500 from the API"))
            #expect(try harness.page("index.html").contains("<em>stale since 22 Nov 2026"))
            for unchanged in [
                "/queries/rust.html", "/queries/online.html", "/queries/swift.atom", "/queries/swift.ics", "/all.html",
            ] {
                #expect(site[unchanged] == goodSite[unchanged], "\(unchanged)")
            }

            let leftovers = try FileManager.default.contentsOfDirectory(
                atPath: harness.outputDirectory.deletingLastPathComponent().path)
            #expect(!leftovers.contains { $0.contains("staging") }, "no staging folder is left behind")
        }

        @Test func graphQLErrorsAndBrokenBodiesNameTheQuery() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPageFault(
                .body(#"{"errors":[{"message":"Rate limit exceeded"}]}"#), keyword: "rust", page: 1)
            harness.server.setPageFault(
                .body("<html>maintenance</html>", contentType: "text/html"), keyword: "online", page: 1)
            let summary = await harness.run()
            #expect(summary.failures.contains(.graphQL(query: "rust", page: 1, messages: ["Rate limit exceeded"])))
            #expect(summary.failures.contains { $0.queryID == "online" && $0.description.contains("not JSON") })
            // Two queries that never succeeded do not hold back the one that did.
            #expect(summary.published && !summary.succeeded, "\(summary.line)")
            let rust = try harness.page("queries/rust.html")
            #expect(rust.contains("<strong>Not fetched yet:</strong>") && rust.contains("Rate limit exceeded"))
            #expect(try harness.page("index.html").contains("<em>not fetched yet: "))
            #expect(try harness.page("queries/swift.html").contains("<h3 id=\"event-"))
        }

        @Test func aNightOnWhichNothingCouldBeFetchedKeepsThePreviousSite() async throws {
            let harness = try await PipelineHarness.start()
            for keyword in ["swift", "rust", "online"] {
                harness.server.setPageFault(
                    .body(#"{"errors":[{"message":"Rate limit exceeded"}]}"#), keyword: keyword, page: 1)
            }
            let summary = await harness.run()
            #expect(!summary.published && !summary.succeeded)
            #expect(summary.line.contains("no query could be fetched"), "\(summary.line)")
            #expect(!FileManager.default.fileExists(atPath: harness.outputDirectory.path), "nothing is published")
        }

        @Test func recordedRunReplaysOfflineToTheSameSite() async throws {
            let harness = try await PipelineHarness.start()
            let snapshot = harness.folder.path("snapshot")
            #expect(
                await harness.run(options: RunOptions(now: PipelineHarness.now, recordDirectory: snapshot)).succeeded)
            let liveSite = PipelineHarness.tree(harness.outputDirectory)
            await harness.server.stop()

            var offline = harness.config()
            offline.source = .snapshot(directory: snapshot)
            offline.outputDirectory = harness.folder.path("replay/Output")
            offline.cacheDirectory = harness.folder.path("replay-cache")
            let replay = await harness.run(offline)
            #expect(replay.succeeded, "\(replay.line)")
            #expect(replay.eventCount == 9)
            #expect(PipelineHarness.tree(offline.outputDirectory) == liveSite, "same mapping, photos and thumbnails")

            let recorded = PipelineHarness.tree(snapshot)
            #expect(recorded.keys.contains("/queries/swift/page-002.json"))
            #expect(!recorded.values.contains { String(decoding: $0, as: UTF8.self).contains(PipelineHarness.token) })
        }
    }
}

extension LoopbackSuites.PipelineIntegrationTests {
    @Test func anIdenticalRunRewritesNothing() async throws {
        let harness = try await PipelineHarness.start()
        #expect(await harness.run().succeeded)
        let before = try Self.modificationTimes(harness.outputDirectory)
        #expect(await harness.run().succeeded)
        let after = try Self.modificationTimes(harness.outputDirectory)
        #expect(before == after, "same data and clock: same files, same mtimes")
        #expect(
            before.keys.contains("/feed.atom") && before.keys.contains("/queries/rust.ics")
                && before.keys.contains("/all.html"))

        let all = try harness.page("all/2026-12.html")
        #expect(all.occurrences(of: "<h3 id=\"event-") == 9)
        #expect(
            all.contains(
                #"Found by: <a href="../queries/swift.html">Swift</a>, <a href="../queries/rust.html">Rust</a>"#))
    }

    /// With the history and its record: tonight's events are in the record the first run
    /// shows, so a second run at the same moment finds nothing to add.
    @Test func anIdenticalRunWithTheRecordRewritesNothing() async throws {
        let harness = try await PipelineHarness.start()
        let config = harness.config(history: true)
        #expect(await harness.run(config).succeeded)
        let before = try Self.modificationTimes(harness.outputDirectory)
        #expect(await harness.run(config).succeeded)
        let after = try Self.modificationTimes(harness.outputDirectory)
        let changed = after.filter { before[$0.key] != $0.value }.keys.sorted()
        #expect(changed.isEmpty, "rewritten: \(changed)")
        #expect(before.keys.contains("/archive.json") && before.keys.contains { $0.hasPrefix("/groups/") })
    }

    static func modificationTimes(_ directory: URL) throws -> [String: Date] {
        var times: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.contentModificationDateKey])
        while let url = enumerator?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            times[String(url.path.dropFirst(directory.path.count))] =
                try url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
        }
        return times
    }
}
