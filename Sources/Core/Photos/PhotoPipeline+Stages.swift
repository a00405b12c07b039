import Foundation
import MeetupModel
import MeetupNetwork

/// The store and thumbnail stages of the photo pipeline: what happens to one photo
/// once its bytes (or the server's "not modified") are known.
extension PhotoPipeline {
    /// Folds a fetch result into the cache and the statistics; returns the entry to
    /// thumbnail, if any, and whether its metadata still has to be written.
    func store(_ result: PhotoFetchResult, for url: URL, files: PhotoFiles, cached: CachedPhoto?) -> (
        CachedPhoto, unsaved: Bool, counted: PhotoCount
    )? {
        switch result {
        case .downloaded(let file, let byteCount, let validators, let freshFor):
            do {
                let now = clock()
                let entry = try cache.store(
                    file, for: url, files: files, validators: validators,
                    freshUntil: now.addingTimeInterval(freshFor ?? settings.defaultFreshness), now: now)
                recorder?.recordPhoto(files.data, for: url)
                results.withLock {
                    $0.statistics.downloaded += 1
                    $0.statistics.bytesDownloaded += byteCount
                }
                return (entry, true, .downloaded)
            } catch {
                try? FileManager.default.removeItem(at: file)
                return fallback(
                    to: cached, url: url, reason: "cannot store it in the cache: \(error.localizedDescription)"
                )
                .map { ($0, false, .failed) }
            }
        case .notModified(let overNetwork, let freshFor):
            guard var cached else {
                _ = fallback(to: nil, url: url, reason: "the server said not modified, but nothing is cached")
                return nil
            }
            cached.freshUntil = clock().addingTimeInterval(freshFor ?? settings.defaultFreshness)
            recorder?.recordPhoto(files.data, for: url)
            results.withLock {
                if overNetwork { $0.statistics.revalidated += 1 } else { $0.statistics.fromCache += 1 }
            }
            return (cached, true, overNetwork ? .revalidated : .fromCache)
        case .failed(let reason):
            return fallback(to: cached, url: url, reason: reason).map { ($0, false, .failed) }
        }
    }

    /// A photo that could not be fetched keeps its last good cached copy, else the placeholder.
    private func fallback(to cached: CachedPhoto?, url: URL, reason: String) -> CachedPhoto? {
        results.withLock {
            $0.statistics.failed += 1
            $0.warnings.append(
                "photo \(Self.shortName(url)): \(reason); "
                    + (cached == nil ? "using the placeholder" : "using the cached copy"))
        }
        return cached
    }

    /// Reuses or makes the thumbnail and its double-density twin, then writes the entry's
    /// metadata once if it changed (`unsaved`, or a new thumbnail size).
    func makeThumbnail(_ url: URL, files: PhotoFiles, entry: CachedPhoto, unsaved: Bool, counted: PhotoCount) {
        let width = settings.thumbnailWidth
        let (single, double) = (
            files.thumbnail(width: width, processor: thumbnailer.identity),
            files.thumbnail(width: width * 2, processor: thumbnailer.identity)
        )
        let name = String(files.key.prefix(32))
        var updated = entry
        let started = ContinuousClock.now
        defer {
            let seconds = (ContinuousClock.now - started).seconds
            results.withLock { $0.statistics.thumbnailSeconds += seconds }
        }
        do {
            // Both widths from one decode when neither is cached (a cold night), else what is missing.
            if let made = try makePair(files, single, double, width: width, entry: &updated) {
                results.withLock { $0.thumbnails[url] = made.thumbnail(name) }
                results.withLock { $0.statistics.thumbnailsMade += 1 }
                try? cache.write(updated, to: files)
                return
            }
            let one = try sized(files, single, width: width, entry: &updated)
            // Never upscaled: a photo no wider than the thumbnail has no sharper twin.
            let two = try? sized(files, double, width: width * 2, entry: &updated)
            // A photo counts once, however many of its widths were made.
            if updated.thumbnails != entry.thumbnails { results.withLock { $0.statistics.thumbnailsMade += 1 } }
            let twin = two.flatMap { $0.size.width > one.size.width ? $0 : nil }
            if unsaved || updated.thumbnails != entry.thumbnails { try? cache.write(updated, to: files) }
            let thumbnail = Thumbnail(
                file: one.file, size: one.size, publishedName: name + ".jpg",
                double: twin.map { .init(file: $0.file, size: $0.size, publishedName: name + "@2x.jpg") })
            results.withLock { $0.thumbnails[url] = thumbnail }
        } catch {
            if unsaved { try? cache.write(entry, to: files) }
            results.withLock {
                // One count a photo: a download that is no image is a failed photo, not a downloaded one too.
                $0.statistics.uncount(counted)
                $0.statistics.failed += 1
                $0.warnings.append(
                    "photo \(Self.shortName(url)): not a usable image (\(error.reason)); using the placeholder")
            }
        }
    }

    struct Pair {
        var single: (file: URL, size: PixelSize)
        var double: (file: URL, size: PixelSize)?

        func thumbnail(_ name: String) -> Thumbnail {
            Thumbnail(
                file: single.file, size: single.size, publishedName: name + ".jpg",
                double: double.map { .init(file: $0.file, size: $0.size, publishedName: name + "@2x.jpg") })
        }
    }

    /// Both widths in one call to the thumbnailer when neither is cached; nil when one is.
    private func makePair(
        _ files: PhotoFiles, _ single: ThumbnailFile, _ double: ThumbnailFile, width: Int, entry: inout CachedPhoto
    ) throws(ThumbnailError) -> Pair? {
        let (key, doubleKey, file, doubleFile) = (single.key, double.key, single.file, double.file)
        guard entry.thumbnails[key] == nil || !FileManager.default.fileExists(atPath: file.path),
            entry.thumbnails[doubleKey] == nil || !FileManager.default.fileExists(atPath: doubleFile.path)
        else { return nil }
        let used = files.used(thumbnails: [single, double])
        results.withLock { $0.usedCacheFiles.formUnion(used) }
        let made = try thumbnailer.makeThumbnails(of: files.data, width: width, to: file, double: doubleFile)
        entry.thumbnails[key] = made.single
        // A photo no wider than the thumbnail has no twin: the 1x file stands for the 2x key too
        // (a link), so a warm night finds both and makes nothing.
        entry.thumbnails[doubleKey] = made.double ?? made.single
        if made.double == nil {
            try? FileManager.default.removeItem(at: doubleFile)
            try? FileManager.default.linkItem(at: file, to: doubleFile)
        }
        return Pair(single: (file, made.single), double: made.double.map { (doubleFile, $0) })
    }

    /// One thumbnail width: the cached file when its size is known, else made (and counted).
    private func sized(_ files: PhotoFiles, _ thumbnail: ThumbnailFile, width: Int, entry: inout CachedPhoto)
        throws(ThumbnailError) -> (file: URL, size: PixelSize)
    {
        let (key, file) = (thumbnail.key, thumbnail.file)
        // The cache sweep keeps what a run used: the photo, its metadata, its thumbnails (named
        // outside the lock: eight threads wait on it).
        let used = files.used(thumbnails: [thumbnail])
        results.withLock { $0.usedCacheFiles.formUnion(used) }
        if let size = entry.thumbnails[key], FileManager.default.fileExists(atPath: file.path) { return (file, size) }
        let size = try thumbnailer.makeThumbnail(of: files.data, width: width, to: file)
        entry.thumbnails[key] = size
        return (file, size)
    }

    /// Host and last path component: enough to find the photo, short enough for a log line.
    static func shortName(_ url: URL) -> String {
        "\(url.host ?? "")/…/\(url.lastPathComponent)"
    }
}
