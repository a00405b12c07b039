import Foundation
import MeetupModel
import MeetupNetwork

/// Counts for the summary line.
package struct PhotoStatistics: Sendable, Equatable {
    package var downloaded = 0
    package var revalidated = 0
    package var fromCache = 0
    package var failed = 0
    package var bytesDownloaded = 0
    package var thumbnailsMade = 0
    /// Time spent inside the thumbnailer, summed over images (wall time: libvips
    /// runs its decode on worker threads of its own, so the caller's CPU clock misses it).
    package var thumbnailSeconds = 0.0

    package init() {}

    /// Takes back the count a photo was given when it turns out to have no usable image.
    mutating func uncount(_ counted: PhotoCount) {
        switch counted {
        case .downloaded: downloaded -= 1
        case .revalidated: revalidated -= 1
        case .fromCache: fromCache -= 1
        case .failed: failed -= 1
        }
    }

    /// Every photo once: downloaded, revalidated, from the cache or failed.
    package var photos: Int { downloaded + revalidated + fromCache + failed }
}

/// How the photo stage counted a photo when it was fetched (a photo counts once).
enum PhotoCount: Sendable {
    case downloaded, revalidated, fromCache, failed
}

/// What the photo stage produced: a thumbnail per photo URL that worked.
/// URLs missing here get the placeholder.
package struct PhotoSet: Sendable {
    package var thumbnails: [URL: Thumbnail]
    package var statistics: PhotoStatistics
    package var warnings: [String]
    /// Cache files this run used, relative to the cache folder (for the sweep).
    package var usedCacheFiles: Set<String> = []

    package init(
        thumbnails: [URL: Thumbnail], statistics: PhotoStatistics, warnings: [String], usedCacheFiles: Set<String> = []
    ) {
        self.thumbnails = thumbnails
        self.statistics = statistics
        self.warnings = warnings
        self.usedCacheFiles = usedCacheFiles
    }
}

/// Progress of the photo stage, for the terminal line.
package enum PhotoProgress: Sendable {
    /// A new URL joined the batch (totals grow while queries are still being fetched).
    case queued(URL)
    case fetched(URL)
    case thumbnailed(URL)
}
