import Foundation

/// A thumbnail ready to be published.
public struct Thumbnail: Sendable, Hashable {
    /// The file in the cache; the site links or copies it.
    public var file: URL
    public var size: PixelSize
    /// The site-relative name, a hash of the photo URL.
    public var publishedName: String
    /// The same photo at twice the width for high-density screens (`srcset … 2x`), when the
    /// photo is wider than the thumbnail (never upscaled: it may be less than twice as wide).
    public var double: Density?

    public struct Density: Sendable, Hashable {
        public var file: URL
        public var size: PixelSize
        public var publishedName: String
    }

    public init(file: URL, size: PixelSize, publishedName: String, double: Density? = nil) {
        self.file = file
        self.size = size
        self.publishedName = publishedName
        self.double = double
    }
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
public enum PhotoProgress: Sendable {
    /// A new URL joined the batch (totals grow while queries are still being fetched).
    case queued(URL)
    case fetched(URL)
    case thumbnailed(URL)
}
