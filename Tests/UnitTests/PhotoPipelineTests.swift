import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `PhotoPipeline` with stand-in loaders: each photo loaded once, thumbnailed once, fresh by the wall clock.
@Suite("Photo pipeline")
struct PhotoPipelineTests {
    /// Serves a real image for every URL but `failing`, and counts what it was asked.
    final class StandInFetcher: PhotoFetching {
        let image: Data
        let failing: URL
        let asked = LockedBox([URL: Int]())
        let validated = LockedBox(0)

        init(image: Data, failing: URL) {
            self.image = image
            self.failing = failing
        }

        func fetch(
            _ url: URL, validators: PhotoValidators?, into directory: URL,
            completion: @escaping @Sendable (PhotoFetchResult) -> Void
        ) {
            asked.withLock { $0[url, default: 0] += 1 }
            if url == failing { return completion(.failed(reason: "HTTP 404")) }
            if validators != nil {
                validated.withLock { $0 += 1 }
                return completion(.notModified(overNetwork: true, freshFor: 3600))
            }
            let file = directory.appendingPathComponent(UUID().uuidString)
            do {
                try image.write(to: file)
                completion(
                    .downloaded(
                        file: file, byteCount: image.count, validators: PhotoValidators(etag: "\"1\""), freshFor: 3600))
            } catch {
                completion(.failed(reason: "\(error)"))
            }
        }
    }
    /// Writes a one-byte "thumbnail" and says how big it is; counts its calls.
    final class StandInThumbnailer: Thumbnailing {
        let made = LockedBox(0)
        var identity: String { "stand-in-1" }
        func makeThumbnail(of source: URL, width: Int, to destination: URL) throws(ThumbnailError) -> PixelSize {
            made.withLock { $0 += 1 }
            guard FileManager.default.createFile(atPath: destination.path, contents: Data([1])) else {
                throw ThumbnailError(reason: "cannot write \(destination.path)")
            }
            return PixelSize(width: width, height: width / 2)
        }
    }
    @Test func eachPhotoIsLoadedOnceThumbnailedOnceAndFreshByTheWallClock() throws {
        let folder = try TemporaryDirectory()
        let (a, b, gone) = (
            URL(string: "https://photos.example/a.jpg")!, URL(string: "https://photos.example/b.jpg")!,
            URL(string: "https://photos.example/gone.jpg")!
        )
        func event(_ id: String, _ photo: URL) -> Event {
            Event(
                id: id, title: id, start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0),
                groupPhotoURL: photo)
        }
        let fetcher = StandInFetcher(image: try Fixtures.data("photos/group-a.jpg"), failing: gone)
        let thumbnailer = StandInThumbnailer()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func pipeline(at moment: Date) -> PhotoPipeline {
            PhotoPipeline(
                cache: PhotoCache(directory: folder.path("cache")), fetcher: fetcher, thumbnailer: thumbnailer,
                settings: .init(thumbnailWidth: 100, concurrency: 2), clock: { moment })
        }
        let first = pipeline(at: start)
        #expect(first.wantsPhotos(of: event("1", a)))
        first.submit([event("1", a), event("2", b), event("3", a)])
        #expect(!first.wantsPhotos(of: event("6", a)), "a photo submitted: no need to curate its events for it")
        #expect(first.wantsPhotos(of: event("5", gone)))
        first.submit([event("4", b), event("5", gone)])
        let photos = first.finish()
        #expect(fetcher.asked.withLock { $0 } == [a: 1, b: 1, gone: 1], "each distinct URL once, across submissions")
        #expect(photos.statistics.downloaded == 2 && photos.statistics.failed == 1)
        // Each photo at 1x and 2x (the stand-in makes any width asked for): two photos thumbnailed.
        #expect(Set(photos.thumbnails.keys) == [a, b] && thumbnailer.made.withLock { $0 } == 4)
        #expect(photos.statistics.thumbnailsMade == 2 && photos.thumbnails[a]?.double?.size.width == 200)
        #expect(photos.thumbnails[a]?.size == PixelSize(width: 100, height: 50))

        // Ten minutes later by the wall clock: fresh, no request, no new thumbnail.
        let soon = pipeline(at: start.addingTimeInterval(600))
        soon.submit([event("1", a), event("2", b)])
        let cached = soon.finish()
        #expect(cached.statistics.fromCache == 2 && fetcher.asked.withLock { $0[a] } == 1)
        #expect(thumbnailer.made.withLock { $0 } == 4)

        // Two hours later: stale, so revalidated with its validators (304), still no new thumbnail.
        let later = pipeline(at: start.addingTimeInterval(7200))
        later.submit([event("1", a)])
        #expect(later.finish().statistics.revalidated == 1)
        #expect(fetcher.validated.withLock { $0 } == 1 && thumbnailer.made.withLock { $0 } == 4)
    }
}
