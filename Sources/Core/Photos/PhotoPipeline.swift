import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// The photos of one run, from URL to thumbnail, in three stages: **load** (the cache
/// while fresh, else a conditional download), **store** (into the cache, with its
/// validators), **thumbnail** (libvips, cached by URL, width and processor).
///
/// The pipeline owns its concurrency: at most `concurrency` downloads and one
/// thumbnail per core at a time, each stage starting the next as soon as a photo is
/// ready, so thumbnailing overlaps the remaining downloads. URLs are accepted while
/// the fetch is still going (each distinct one is processed once, however many
/// queries submit it); one `DispatchGroup` counts them, and `finish` waits on it.
package final class PhotoPipeline: Sendable {
    package struct Settings: Sendable {
        package var thumbnailWidth: Int
        package var concurrency: Int
        /// Lifetime of a photo whose server gave none.
        package var defaultFreshness: TimeInterval

        package init(thumbnailWidth: Int, concurrency: Int, defaultFreshness: TimeInterval = 86_400) {
            self.thumbnailWidth = thumbnailWidth
            self.concurrency = concurrency
            self.defaultFreshness = defaultFreshness
        }
    }

    let cache: PhotoCache
    let fetcher: any PhotoFetching
    let thumbnailer: any Thumbnailing
    let settings: Settings
    let recorder: SnapshotRecorder?
    /// The wall clock: a photo's freshness is network time, never the report's `--now`.
    let clock: @Sendable () -> Date
    let onProgress: @Sendable (PhotoProgress) -> Void
    let results = LockedBox(PhotoSet(thumbnails: [:], statistics: PhotoStatistics(), warnings: []))
    private let seen = LockedBox(Set<URL>())
    private let group = DispatchGroup()
    private let downloads: BoundedWork
    let thumbnails = BoundedWork(limit: ProcessInfo.processInfo.activeProcessorCount)
    private let usable: Bool

    package init(
        cache: PhotoCache, fetcher: any PhotoFetching, thumbnailer: any Thumbnailing, settings: Settings,
        recorder: SnapshotRecorder? = nil, clock: @escaping @Sendable () -> Date,
        onProgress: @escaping @Sendable (PhotoProgress) -> Void = { _ in }
    ) {
        self.cache = cache
        self.fetcher = fetcher
        self.thumbnailer = thumbnailer
        self.settings = settings
        self.recorder = recorder
        self.clock = clock
        self.onProgress = onProgress
        downloads = BoundedWork(limit: settings.concurrency)
        do {
            try cache.prepare()
            usable = true
        } catch {
            usable = false
            results.withLock {
                $0.warnings.append(
                    "photo cache \(cache.directory.path) is not writable (\(error.localizedDescription)); every photo gets a placeholder"
                )
            }
        }
    }

    /// The distinct photo URLs of `events`, in first-seen order.
    package static func photoURLs(of events: [Event]) -> [URL] {
        var seen = Set<URL>()
        return events.compactMap(\.displayPhotoURL).filter { seen.insert($0).inserted }
    }

    /// Queues the photos of `events` not seen before. Returns at once, from any thread.
    package func submit(_ events: [Event]) {
        guard usable else { return }
        let fresh = seen.withLock { seen in Self.photoURLs(of: events).filter { seen.insert($0).inserted } }
        for url in fresh {
            group.enter()
            onProgress(.queued(url))
            load(url) { [group] in group.leave() }
        }
    }

    /// Whether `event` has a photo not submitted yet. Only then does it matter whether the site
    /// shows the event: W2's 10,000 events, each found by three queries, share 2,000 photos, and
    /// curating every one of them for its photo was 0.29 s of the fetch stage (perf).
    package func wantsPhotos(of event: Event) -> Bool {
        guard let url = event.displayPhotoURL else { return false }
        return seen.withLock { !$0.contains(url) }
    }

    /// Waits for every submitted photo and returns what they produced.
    package func finish() -> PhotoSet {
        group.wait()
        return results.withLock { $0 }
    }

    /// Load: from the cache while fresh (no request at all), else through a download slot.
    private func load(_ url: URL, done: @escaping @Sendable () -> Void) {
        let files = cache.files(for: url)
        let cached = cache.entry(for: url, files: files)
        if let cached, let freshUntil = cached.freshUntil, freshUntil > clock() {
            results.withLock { $0.statistics.fromCache += 1 }
            onProgress(.fetched(url))
            return thumbnail(url, files: files, entry: cached, unsaved: false, counted: .fromCache, done: done)
        }
        downloads.enqueue { [self] slotDone in
            fetcher.fetch(url, validators: cached.map(\.validators), into: cache.incomingDirectory) { [self] result in
                slotDone()
                onProgress(.fetched(url))
                guard let (entry, unsaved, counted) = store(result, for: url, files: files, cached: cached) else {
                    return done()
                }
                thumbnail(url, files: files, entry: entry, unsaved: unsaved, counted: counted, done: done)
            }
        }
    }

    /// Thumbnail: one per core at a time.
    private func thumbnail(
        _ url: URL, files: PhotoFiles, entry: CachedPhoto, unsaved: Bool, counted: PhotoCount,
        done: @escaping @Sendable () -> Void
    ) {
        thumbnails.enqueueBlocking { [self] in
            makeThumbnail(url, files: files, entry: entry, unsaved: unsaved, counted: counted)
            onProgress(.thumbnailed(url))
            done()
        }
    }
}
