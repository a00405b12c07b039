import Foundation
import LoopbackServer
@testable import MeetupConfig
import MeetupModel
import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// Thumbnails keyed by their processor, a cache that is swept.
extension LoopbackSuites {
    @Suite("Photo cache: processor-keyed thumbnails, sweep of unused entries")
    struct CacheSweepTests {
        static let day: TimeInterval = 86_400

        func run(_ harness: PipelineHarness, _ config: ReportConfig, night: Int, thumbnailer: (any Thumbnailing)? = nil)
            async -> RunSummary
        {
            await harness.run(
                config, options: RunOptions(now: PipelineHarness.now.addingTimeInterval(Double(night) * Self.day)),
                thumbnailer: thumbnailer)
        }

        func thumbnails(_ harness: PipelineHarness) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(
                atPath: harness.cacheDirectory.appendingPathComponent("thumbnails").path)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted()
        }

        @Test func aNewThumbnailQualityRemakesTheThumbnails() async throws {
            let harness = try await PipelineHarness.start()
            let config = harness.config()
            let first = await run(harness, config, night: 0, thumbnailer: VipsThumbnailer(quality: 82))
            #expect(first.photos.thumbnailsMade == 3, "three usable photos: \(first.line)")
            let same = await run(harness, config, night: 0, thumbnailer: VipsThumbnailer(quality: 82))
            #expect(same.photos.thumbnailsMade == 0, "same processor: reused")
            let other = await run(harness, config, night: 0, thumbnailer: VipsThumbnailer(quality: 50))
            #expect(other.photos.thumbnailsMade == 3, "another quality: made again")
            #expect(
                thumbnails(harness).filter { $0.hasSuffix("-w120-vips2-q50.jpg") }.count == 3, "\(thumbnails(harness))")
        }

        @Test func entriesUnusedForTheRetentionPeriodAreSwept() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config(thumbnailWidth: 120)
            config.limits.cacheRetentionDays = 5
            #expect(await run(harness, config, night: 0).succeeded)
            config.thumbnailWidth = 100
            #expect(await run(harness, config, night: 1).succeeded)
            // 120 and 240 px (night 0), 100 and 200 px (night 1), within the retention.
            #expect(thumbnails(harness).count == 12, "both widths and their twins: \(thumbnails(harness))")
            let queries = harness.cacheDirectory.appendingPathComponent("queries")
            #expect(FileManager.default.fileExists(atPath: queries.appendingPathComponent("online.json").path))
            #expect(FileManager.default.fileExists(atPath: queries.appendingPathComponent("online.stamp").path))

            // A week on, without the online query: the 120 px thumbnails (last used on night 0)
            // and the online query's events (fetched on night 1) are past the 5 days.
            config.queries.removeAll { $0.id == "online" }
            #expect(await run(harness, config, night: 7).succeeded)
            let left = thumbnails(harness)
            #expect(left.allSatisfy { $0.contains("-w100-") || $0.contains("-w200-") } && left.count == 6, "\(left)")
            #expect(!FileManager.default.fileExists(atPath: queries.appendingPathComponent("online.json").path))
            #expect(!FileManager.default.fileExists(atPath: queries.appendingPathComponent("online.stamp").path))
            #expect(FileManager.default.fileExists(atPath: queries.appendingPathComponent("swift.json").path))
            // Every photo still in use keeps its bytes (the broken one too: it is retried each night).
            let photos = try FileManager.default.contentsOfDirectory(
                atPath: harness.cacheDirectory.appendingPathComponent("photos").path)
            #expect(photos.filter { !$0.hasSuffix(".json") }.count == 4, "\(photos)")
            #expect(try harness.page("queries/swift.html").contains("thumbs/"), "the site still has its thumbnails")

            // Three weeks on, every event is over: their photos go too, after the retention.
            #expect(await run(harness, config, night: 20).succeeded)
            let gone = try FileManager.default.contentsOfDirectory(
                atPath: harness.cacheDirectory.appendingPathComponent("photos").path)
            #expect(gone.isEmpty && thumbnails(harness).isEmpty, "\(gone)")
        }
    }
}
