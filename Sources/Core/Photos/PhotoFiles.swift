import Foundation

/// One photo's files in the cache, named once from its key (the SHA-256 of its URL). A warm
/// night hashed each photo's URL and built its paths eleven times; `PhotoCache.thumbnailFile`
/// alone was 2.3 % of a W2 next night's CPU (perf).
package struct PhotoFiles: Sendable {
    /// The SHA-256 of the photo's URL, in hex.
    package let key: String
    /// The photo's bytes.
    package let data: URL
    /// Its metadata (`CachedPhoto`, as JSON).
    package let metadata: URL
    private let thumbnails: URL

    init(key: String, photos: URL, thumbnails: URL) {
        self.key = key
        // `isDirectory: false` throughout: without it, Foundation asks the file system about
        // every name it appends (a `stat` per photo and thumbnail, each night).
        data = photos.appendingPathComponent(key, isDirectory: false)
        metadata = photos.appendingPathComponent(key + ".json", isDirectory: false)
        self.thumbnails = thumbnails
    }

    /// The thumbnail `width` pixels wide made by `processor`: known by both.
    package func thumbnail(width: Int, processor: String) -> URL {
        thumbnails.appendingPathComponent(
            "\(key)-\(PhotoCache.thumbnailKey(width: width, processor: processor)).jpg", isDirectory: false)
    }

    /// What the cache sweep keeps of this photo, relative to the cache: its bytes, its metadata
    /// and the thumbnails given.
    package func used(thumbnails files: [URL]) -> [String] {
        ["photos/" + key, "photos/\(key).json"] + files.map { "thumbnails/" + $0.lastPathComponent }
    }
}
