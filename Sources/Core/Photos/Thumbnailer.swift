import CVipsShim
import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// Why a photo could not be made into a thumbnail; the photo gets a placeholder.
package struct ThumbnailError: Error, Sendable, CustomStringConvertible {
    package let reason: String
    package var description: String { reason }
}

/// Makes a JPEG thumbnail of an image file. Implementations must be thread-safe:
/// the photo stage calls them from several threads at once.
package protocol Thumbnailing: Sendable {
    /// Names the processor and its settings. It is part of every thumbnail's cache key,
    /// so a new quality or algorithm re-makes thumbnails instead of serving stale ones.
    var identity: String { get }
    func makeThumbnail(of source: URL, width: Int, to destination: URL) throws(ThumbnailError) -> PixelSize
    /// The thumbnail at `width` and its twin at up to twice the width (nil when the image is no
    /// wider than `width`: never upscaled), ideally from one decode.
    func makeThumbnails(of source: URL, width: Int, to destination: URL, double: URL)
        throws(ThumbnailError) -> (single: PixelSize, double: PixelSize?)
}

extension Thumbnailing {
    /// Two thumbnails, one after the other (a thumbnailer that cannot share the decode).
    package func makeThumbnails(of source: URL, width: Int, to destination: URL, double: URL)
        throws(ThumbnailError) -> (single: PixelSize, double: PixelSize?)
    {
        let single = try makeThumbnail(of: source, width: width, to: destination)
        let twin = try? makeThumbnail(of: source, width: width * 2, to: double)
        return (single, twin.flatMap { $0.width > single.width ? $0 : nil })
    }
}

/// libvips through the C shim: shrink-on-load, so a large JPEG is never decoded at full size.
package struct VipsThumbnailer: Thumbnailing {
    /// Images with more pixels than this are refused before decoding (decompression bombs).
    package let maximumPixels: UInt64
    package let quality: Int

    /// Why libvips could not be opened or started (nil: it did), on first use: it is not linked.
    private static let startFailure: String? = {
        var message = [CChar](repeating: 0, count: 512)
        guard mr_vips_start("meetup-report", &message, message.count) != 0 else { return nil }
        return text(of: message)
    }()

    /// Bump the version when the shim's resampling changes (it is the algorithm's name).
    package var identity: String { "vips2-q\(quality)" }

    package init(maximumPixels: UInt64 = 50_000_000, quality: Int = 82) {
        self.maximumPixels = maximumPixels
        self.quality = quality
    }

    /// The pixel size of an image file from its header alone, or nil when it is not an image libvips reads.
    package static func imageSize(of file: URL) -> PixelSize? {
        guard startFailure == nil else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard mr_vips_probe(file.path, &width, &height, &message, message.count) == 0 else { return nil }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// One decode for both widths (`mr_vips_thumbnail_pair`): the twin was a second full decode.
    package func makeThumbnails(of source: URL, width: Int, to destination: URL, double: URL)
        throws(ThumbnailError) -> (single: PixelSize, double: PixelSize?)
    {
        if let failure = Self.startFailure { throw ThumbnailError(reason: failure) }
        let temporary = Self.temporary(for: destination)
        let temporaryDouble = Self.temporary(for: double)
        var size: (Int32, Int32) = (0, 0)
        var twin: (Int32, Int32) = (0, 0)
        var message = [CChar](repeating: 0, count: 512)
        let status = mr_vips_thumbnail_pair(
            source.path, temporary.path, temporaryDouble.path, Int32(width), Int32(quality), maximumPixels,
            &size.0, &size.1, &twin.0, &twin.1, &message, message.count)
        defer { for file in [temporary, temporaryDouble] { try? FileManager.default.removeItem(at: file) } }
        guard status == 0 else {
            throw ThumbnailError(reason: Self.text(of: message))
        }
        do {
            if twin.0 > 0 { try FileOperations.replace(double, with: temporaryDouble) }
            try FileOperations.replace(destination, with: temporary)
        } catch {
            throw ThumbnailError(reason: error.localizedDescription)
        }
        return (
            PixelSize(width: Int(size.0), height: Int(size.1)),
            twin.0 > 0 ? PixelSize(width: Int(twin.0), height: Int(twin.1)) : nil
        )
    }

    /// The shim's message: the buffer's bytes up to its terminating zero.
    private static func text(of message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// vips picks the saver from the suffix, so the temporary name keeps `.jpg`.
    private static func temporary(for destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(UUID().uuidString.prefix(8))-\(destination.lastPathComponent)")
    }

    package func makeThumbnail(of source: URL, width: Int, to destination: URL) throws(ThumbnailError) -> PixelSize {
        if let failure = Self.startFailure { throw ThumbnailError(reason: failure) }
        // vips picks the saver from the suffix, so the temporary name keeps `.jpg`.
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(UUID().uuidString.prefix(8))-\(destination.lastPathComponent)")
        var outputWidth: Int32 = 0
        var outputHeight: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = mr_vips_thumbnail(
            source.path, temporary.path, Int32(width), Int32(quality), maximumPixels,
            &outputWidth, &outputHeight, &message, message.count)
        guard status == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw ThumbnailError(reason: Self.text(of: message))
        }
        do {
            try FileOperations.replace(destination, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ThumbnailError(reason: error.localizedDescription)
        }
        return PixelSize(width: Int(outputWidth), height: Int(outputHeight))
    }
}
