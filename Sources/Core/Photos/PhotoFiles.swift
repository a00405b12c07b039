import Foundation

/// One photo's files in the cache, named once from its key (the SHA-256 of its URL) and handed
/// from stage to stage. A warm night hashed each photo's URL and built its paths eleven times;
/// `PhotoCache.thumbnailFile` alone was 2.3 % of a W2 next night's CPU (perf). Still named three
/// times, the cache's folders each time, the warm path was 74 ms of CPU in W1's next night (400
/// photos; 49 ms named once), spent during the fetch, on the two cores the fetch needs.
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
    package func thumbnail(width: Int, processor: String) -> ThumbnailFile {
        let key = PhotoCache.thumbnailKey(width: width, processor: processor)
        let name = "\(self.key)-\(key).jpg"
        return ThumbnailFile(key: key, name: name, file: thumbnails.appendingPathComponent(name, isDirectory: false))
    }

    /// What the cache sweep keeps of this photo, relative to the cache: its bytes, its metadata
    /// and the thumbnails given.
    package func used(thumbnails files: [ThumbnailFile]) -> [String] {
        ["photos/" + key, "photos/\(key).json"] + files.map { "thumbnails/" + $0.name }
    }
}

/// One thumbnail of a photo in the cache: its key in the photo's metadata
/// (`PhotoCache.thumbnailKey`), its file's name and the file.
package struct ThumbnailFile: Sendable {
    package let key: String
    package let name: String
    package let file: URL
}
