import Foundation
import MeetupSupport

/// What the server said about a photo, to revalidate it next run instead of downloading it again.
public struct PhotoValidators: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// Width and height in pixels.
public struct PixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A photo kept between runs, with its validators and the thumbnails made from it.
public struct CachedPhoto: Sendable, Equatable {
    public var url: String
    public var validators: PhotoValidators
    public var byteCount: Int
    public var storedAt: Date
    /// Thumbnail sizes made from this exact download, keyed by `PhotoCache.thumbnailKey`.
    public var thumbnails: [String: PixelSize]
    /// Until when the photo needs no revalidation at all.
    public var freshUntil: Date?
}

/// The on-disk photo cache: `photos/<sha256(url)>` holds the bytes,
/// `photos/<sha256(url)>.json` the metadata. Names are hashes (URLs are untrusted),
/// and every file is replaced atomically, so a killed run leaves either the old
/// entry or the new one, never a torn file.
public struct PhotoCache: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public var photosDirectory: URL { directory.appendingPathComponent("photos") }
    public var thumbnailsDirectory: URL { directory.appendingPathComponent("thumbnails") }
    /// Downloads land here first, on the cache's file system, so storing is a rename.
    public var incomingDirectory: URL { directory.appendingPathComponent("incoming") }

    public func key(for url: URL) -> String { ContentHash.sha256Hex(url.absoluteString) }

    public func dataFile(for url: URL) -> URL { photosDirectory.appendingPathComponent(key(for: url)) }

    private func metadataFile(for url: URL) -> URL { photosDirectory.appendingPathComponent(key(for: url) + ".json") }

    /// A thumbnail is known by its width and the processor that made it.
    public static func thumbnailKey(width: Int, processor: String) -> String { "w\(width)-\(processor)" }

    public func thumbnailFile(for url: URL, width: Int, processor: String) -> URL {
        thumbnailsDirectory.appendingPathComponent(
            "\(key(for: url))-\(Self.thumbnailKey(width: width, processor: processor)).jpg")
    }

    public func prepare() throws {
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

    /// The entry for `url`, only if both its metadata and its bytes are present.
    public func entry(for url: URL) -> CachedPhoto? {
        guard let data = try? Data(contentsOf: metadataFile(for: url)),
            let entry = (try? JSONValue.parse(data)).flatMap(CachedPhoto.init(jsonValue:)),
            entry.url == url.absoluteString,
            FileOperations.fileSize(dataFile(for: url)) == entry.byteCount
        else { return nil }
        return entry
    }

    /// Moves a finished download into the cache, replacing any older copy, and
    /// drops thumbnails made from the older copy. The returned entry is not yet
    /// written: the caller writes it once, with its thumbnail (every metadata
    /// rewrite is a rename over an existing file, which makes ext4 flush it).
    /// Until then the bytes have no entry and would simply be downloaded again.
    @discardableResult
    public func store(_ downloadedFile: URL, for url: URL, validators: PhotoValidators, freshUntil: Date?, now: Date)
        throws -> CachedPhoto
    {
        let byteCount = FileOperations.fileSize(downloadedFile) ?? 0
        // Metadata goes first, so a run killed mid-way leaves no entry rather than
        // old validators describing new bytes.
        try? FileManager.default.removeItem(at: metadataFile(for: url))
        try FileOperations.replace(dataFile(for: url), with: downloadedFile)
        let entry = CachedPhoto(
            url: url.absoluteString, validators: validators, byteCount: byteCount,
            storedAt: now, thumbnails: [:], freshUntil: freshUntil)
        return entry
    }

    public func write(_ entry: CachedPhoto, for url: URL) throws {
        try FileOperations.writeAtomically(Data(entry.jsonValue.compactJSON.utf8), to: metadataFile(for: url))
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
