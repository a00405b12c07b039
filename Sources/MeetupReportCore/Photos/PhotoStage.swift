import Foundation

/// A thumbnail ready to be published.
public struct Thumbnail: Sendable, Hashable {
    /// The file in the cache; the site links or copies it.
    public var file: URL
    public var size: PixelSize
    /// The site-relative name, a hash of the photo URL.
    public var publishedName: String
}

/// Counts for the summary line.
public struct PhotoStatistics: Sendable, Equatable {
    public var downloaded = 0
    public var revalidated = 0
    public var fromCache = 0
    public var failed = 0
    public var bytesDownloaded = 0
    public var thumbnailsMade = 0
    /// Time spent inside the thumbnailer, summed over images (wall time: libvips
    /// runs its decode on worker threads of its own, so the caller's CPU clock misses it).
    public var thumbnailSeconds = 0.0

    public init() {}
}

/// What the photo stage produced: a thumbnail per photo URL that worked.
/// URLs missing here get the placeholder.
public struct PhotoSet: Sendable {
    public var thumbnails: [URL: Thumbnail]
    public var statistics: PhotoStatistics
    public var warnings: [String]
    /// Cache files this run used, relative to the cache folder (for the sweep).
    public var usedCacheFiles: Set<String> = []
}

/// Progress of the photo stage, for the terminal line.
public enum PhotoProgress: Sendable {
    /// A new URL joined the batch (totals grow while queries are still being fetched).
    case queued(URL)
    case fetched(URL)
    case thumbnailed(URL)
}

/// Downloads (or revalidates) every distinct photo, at most `concurrency` at a
/// time through a `DispatchGroup`, and thumbnails each one as soon as its bytes
/// are on disk, so thumbnailing overlaps the remaining downloads.
public struct PhotoStage: Sendable {
    public let cache: PhotoCache
    public let fetcher: any PhotoFetching
    public let thumbnailer: any Thumbnailing
    public let thumbnailWidth: Int
    public let concurrency: Int
    public let recorder: SnapshotRecorder?
    /// Lifetime of a photo whose server gave none.
    public let defaultFreshness: TimeInterval

    public init(cache: PhotoCache, fetcher: any PhotoFetching, thumbnailer: any Thumbnailing,
                thumbnailWidth: Int, concurrency: Int, recorder: SnapshotRecorder? = nil, defaultFreshness: TimeInterval = 86_400) {
        self.cache = cache
        self.fetcher = fetcher
        self.thumbnailer = thumbnailer
        self.thumbnailWidth = thumbnailWidth
        self.concurrency = max(1, concurrency)
        self.recorder = recorder
        self.defaultFreshness = defaultFreshness
    }

    /// The distinct photo URLs of `events`, in first-seen order.
    public static func photoURLs(of events: [Event]) -> [URL] {
        var seen = Set<URL>()
        return events.compactMap(\.displayPhotoURL).filter { seen.insert($0).inserted }
    }

    /// Starts a batch that takes URLs as they become known (the run submits each
    /// query's photos as soon as the query is fetched, so downloads overlap the fetch).
    public func start(now: Date, onProgress: @escaping @Sendable (PhotoProgress) -> Void = { _ in }) -> PhotoBatch {
        PhotoBatch(stage: self, now: now, onProgress: onProgress)
    }

    /// One photo: from the cache while fresh, else fetched (at most `concurrency` at
    /// once, through `slots`); then thumbnailed on `thumbnailQueue`. Calls `done` once.
    func process(_ url: URL, now: Date, slots: DispatchSemaphore, thumbnailQueue: OperationQueue,
                 results: LockedBox<PhotoSet>, onProgress: @escaping @Sendable (PhotoProgress) -> Void,
                 done: @escaping @Sendable () -> Void) {
        let cached = cache.entry(for: url)
        // Still fresh: no request at all, not even a revalidation.
        if let cached, let freshUntil = cached.freshUntil, freshUntil > now {
            results.withLock { $0.statistics.fromCache += 1 }
            onProgress(.fetched(url))
            thumbnailQueue.addOperation {
                thumbnail(url, entry: cached, unsaved: false, into: results)
                onProgress(.thumbnailed(url))
                done()
            }
            return
        }
        slots.wait()
        fetcher.fetch(url, validators: cached.map(\.validators), into: cache.incomingDirectory) { result in
            slots.signal()
            onProgress(.fetched(url))
            guard let (source, unsaved) = record(result, for: url, cached: cached, now: now, into: results) else { return done() }
            thumbnailQueue.addOperation {
                thumbnail(url, entry: source, unsaved: unsaved, into: results)
                onProgress(.thumbnailed(url))
                done()
            }
        }
    }

    /// Folds a fetch result into the cache and the statistics; returns the entry to
    /// thumbnail, if any, and whether its metadata still has to be written.
    private func record(_ result: PhotoFetchResult, for url: URL, cached: CachedPhoto?, now: Date,
                        into results: LockedBox<PhotoSet>) -> (CachedPhoto, unsaved: Bool)? {
        switch result {
        case .downloaded(let file, let byteCount, let validators, let freshFor):
            do {
                let entry = try cache.store(file, for: url, validators: validators,
                                            freshUntil: now.addingTimeInterval(freshFor ?? defaultFreshness), now: now)
                recorder?.recordPhoto(cache.dataFile(for: url), for: url)
                results.withLock {
                    $0.statistics.downloaded += 1
                    $0.statistics.bytesDownloaded += byteCount
                }
                return (entry, true)
            } catch {
                try? FileManager.default.removeItem(at: file)
                return fallback(to: cached, url: url, reason: "cannot store it in the cache: \(error.localizedDescription)", into: results)
                    .map { ($0, false) }
            }
        case .notModified(let overNetwork, let freshFor):
            guard var cached else {
                _ = fallback(to: nil, url: url, reason: "the server said not modified, but nothing is cached", into: results)
                return nil
            }
            cached.freshUntil = now.addingTimeInterval(freshFor ?? defaultFreshness)
            recorder?.recordPhoto(cache.dataFile(for: url), for: url)
            results.withLock {
                if overNetwork { $0.statistics.revalidated += 1 } else { $0.statistics.fromCache += 1 }
            }
            return (cached, true)
        case .failed(let reason):
            return fallback(to: cached, url: url, reason: reason, into: results).map { ($0, false) }
        }
    }

    /// A photo that could not be fetched keeps its last good cached copy, else the placeholder.
    private func fallback(to cached: CachedPhoto?, url: URL, reason: String, into results: LockedBox<PhotoSet>) -> CachedPhoto? {
        results.withLock {
            $0.statistics.failed += 1
            $0.warnings.append("photo \(Self.shortName(url)): \(reason); "
                + (cached == nil ? "using the placeholder" : "using the cached copy"))
        }
        return cached
    }

    /// Reuses or makes the thumbnail, then writes the entry's metadata once if it
    /// changed (`unsaved`, or a new thumbnail size).
    private func thumbnail(_ url: URL, entry: CachedPhoto, unsaved: Bool, into results: LockedBox<PhotoSet>) {
        let key = PhotoCache.thumbnailKey(width: thumbnailWidth, processor: thumbnailer.identity)
        let file = cache.thumbnailFile(for: url, width: thumbnailWidth, processor: thumbnailer.identity)
        let publishedName = String(cache.key(for: url).prefix(32)) + ".jpg"
        // The cache sweep keeps what a run used: the photo, its metadata, this thumbnail.
        results.withLock {
            $0.usedCacheFiles.formUnion(["photos/" + cache.key(for: url), "photos/\(cache.key(for: url)).json",
                                         "thumbnails/" + file.lastPathComponent])
        }
        if let size = entry.thumbnails[key], FileManager.default.fileExists(atPath: file.path) {
            if unsaved { try? cache.write(entry, for: url) }
            results.withLock { $0.thumbnails[url] = Thumbnail(file: file, size: size, publishedName: publishedName) }
            return
        }
        let started = ContinuousClock.now
        defer {
            let spent = ContinuousClock.now - started
            let seconds = Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18
            results.withLock { $0.statistics.thumbnailSeconds += seconds }
        }
        do {
            let size = try thumbnailer.makeThumbnail(of: cache.dataFile(for: url), width: thumbnailWidth, to: file)
            var updated = entry
            updated.thumbnails[key] = size
            try? cache.write(updated, for: url)
            results.withLock {
                $0.thumbnails[url] = Thumbnail(file: file, size: size, publishedName: publishedName)
                $0.statistics.thumbnailsMade += 1
            }
        } catch {
            if unsaved { try? cache.write(entry, for: url) }
            results.withLock {
                $0.statistics.failed += 1
                $0.warnings.append("photo \(Self.shortName(url)): not a usable image (\(error.reason)); using the placeholder")
            }
        }
    }

    /// Host and last path component: enough to find the photo, short enough for a log line.
    static func shortName(_ url: URL) -> String {
        "\(url.host ?? "")/…/\(url.lastPathComponent)"
    }
}
