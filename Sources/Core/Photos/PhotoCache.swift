import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// What the server said about a photo, to revalidate it next run instead of downloading it again.
package struct PhotoValidators: Sendable, Equatable {
    package var etag: String?
    package var lastModified: String?

    package init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    package var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// A photo kept between runs, with its validators and the thumbnails made from it.
package struct CachedPhoto: Sendable, Equatable {
    package var url: String
    package var validators: PhotoValidators
    package var byteCount: Int
    package var storedAt: Date
    /// Thumbnail sizes made from this exact download, keyed by `PhotoCache.thumbnailKey`.
    package var thumbnails: [String: PixelSize]
    /// Until when the photo needs no revalidation at all.
    package var freshUntil: Date?
}

/// The on-disk photo cache: `photos/<sha256(url)>` holds the bytes,
/// `photos/<sha256(url)>.json` the metadata. Names are hashes (URLs are untrusted),
/// and every file is replaced atomically, so a killed run leaves either the old
/// entry or the new one, never a torn file.
package struct PhotoCache: Sendable {
    package let directory: URL
    // Named once: every photo of a warm night names its files under them (a URL appended to
    // is 10-20 µs on Linux; `PhotoFiles`).
    package let photosDirectory: URL
    package let thumbnailsDirectory: URL
    /// Downloads land here first, on the cache's file system, so storing is a rename.
    package let incomingDirectory: URL

    package init(directory: URL) {
        self.directory = directory
        photosDirectory = CacheFolder.photos(directory)
        thumbnailsDirectory = CacheFolder.thumbnails(directory)
        incomingDirectory = CacheFolder.incoming(directory)
    }

    package func key(for url: URL) -> String { ContentHash.sha256Hex(url.absoluteString) }

    /// The photo's files, named from one hash of its URL.
    package func files(for url: URL) -> PhotoFiles {
        PhotoFiles(key: key(for: url), photos: photosDirectory, thumbnails: thumbnailsDirectory)
    }

    /// A thumbnail is known by its width and the processor that made it.
    package static func thumbnailKey(width: Int, processor: String) -> String { "w\(width)-\(processor)" }

    package func prepare() throws {
        for folder in [photosDirectory, thumbnailsDirectory, incomingDirectory] {
            try FileOperations.createDirectory(folder)
        }
        // Leftovers of a killed run: never read, safe to drop.
        if let names = try? FileManager.default.contentsOfDirectory(atPath: incomingDirectory.path) {
            for name in names {
                try? FileManager.default.removeItem(at: incomingDirectory.appendingPathComponent(name))
            }
        }
    }

    /// The entry for `url` (its files: `files`), only if both its metadata and its bytes are present.
    package func entry(for url: URL, files: PhotoFiles) -> CachedPhoto? {
        guard let data = try? Data(contentsOf: files.metadata),
            let entry = (try? JSONValue.parse(data)).flatMap(CachedPhoto.init(jsonValue:)),
            entry.url == url.absoluteString,
            FileOperations.fileSize(files.data) == entry.byteCount
        else { return nil }
        return entry
    }

    /// Moves a finished download into the cache, replacing any older copy, and
    /// drops thumbnails made from the older copy. The returned entry is not yet
    /// written: the caller writes it once, with its thumbnail (every metadata
    /// rewrite is a rename over an existing file, which makes ext4 flush it).
    /// Until then the bytes have no entry and would simply be downloaded again.
    @discardableResult
    package func store(
        _ downloadedFile: URL, for url: URL, files: PhotoFiles, validators: PhotoValidators, freshUntil: Date?,
        now: Date
    ) throws -> CachedPhoto {
        let byteCount = FileOperations.fileSize(downloadedFile) ?? 0
        // Metadata goes first, so a run killed mid-way leaves no entry rather than
        // old validators describing new bytes.
        try? FileManager.default.removeItem(at: files.metadata)
        try FileOperations.replace(files.data, with: downloadedFile)
        let entry = CachedPhoto(
            url: url.absoluteString, validators: validators, byteCount: byteCount,
            storedAt: now, thumbnails: [:], freshUntil: freshUntil)
        return entry
    }

    package func write(_ entry: CachedPhoto, to files: PhotoFiles) throws {
        try FileOperations.writeAtomically(Data(entry.jsonValue.compactJSON.utf8), to: files.metadata)
    }
}

extension CachedPhoto {
    /// The metadata file's JSON (dates as seconds since 1970, the layout earlier
    /// versions wrote with JSONEncoder, so existing caches stay valid).
    var jsonValue: JSONValue {
        var validatorMembers: [String: JSONValue] = [:]
        if let etag = validators.etag { validatorMembers["etag"] = .string(etag) }
        if let lastModified = validators.lastModified { validatorMembers["lastModified"] = .string(lastModified) }
        var members: [String: JSONValue] = [
            "url": .string(url), "validators": .object(validatorMembers), "byteCount": .number(Double(byteCount)),
            "storedAt": .number(storedAt.timeIntervalSince1970),
            "thumbnails": .object(
                thumbnails.mapValues {
                    .object(["width": .number(Double($0.width)), "height": .number(Double($0.height))])
                }),
        ]
        if let freshUntil { members["freshUntil"] = .number(freshUntil.timeIntervalSince1970) }
        return .object(members)
    }

    init?(jsonValue value: JSONValue) {
        guard let url = value["url"]?.stringValue, let byteCount = value["byteCount"]?.intValue,
            let storedAt = value["storedAt"]?.doubleValue
        else { return nil }
        var thumbnails: [String: PixelSize] = [:]
        for (key, size) in value["thumbnails"]?.objectValue ?? [:] {
            if let width = size["width"]?.intValue, let height = size["height"]?.intValue {
                thumbnails[key] = PixelSize(width: width, height: height)
            }
        }
        self.init(
            url: url,
            validators: PhotoValidators(
                etag: value["validators"]?["etag"]?.stringValue,
                lastModified: value["validators"]?["lastModified"]?.stringValue),
            byteCount: byteCount, storedAt: Date(timeIntervalSince1970: storedAt), thumbnails: thumbnails,
            freshUntil: value["freshUntil"]?.doubleValue.map(Date.init(timeIntervalSince1970:)))
    }
}
