import Foundation
import MeetupPhotos

/// Adds `width`, `height` and `loading="lazy"` to the images cmark rendered.
/// Markdown has no syntax for dimensions, and raw HTML stays disabled in cmark,
/// so the attributes are added afterwards, matching only `src` values this
/// program generated (hash-named thumbnails and the placeholder). Text from the
/// API cannot produce such a tag: it was escaped before cmark saw it.
/// Works on UTF-8 bytes in one pass: pages with thousands of images stay linear.
enum ImageAttributes {
    private static let marker = Array("<img src=\"".utf8)

    static func annotate(_ html: String, root: String, sizes: [String: PixelSize]) -> String {
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), matchesMarker(bytes, at: index) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let sourceStart = index + marker.count
            var sourceEnd = sourceStart
            while sourceEnd < bytes.count, bytes[sourceEnd] != UInt8(ascii: "\"") { sourceEnd += 1 }
            let source = String(decoding: bytes[sourceStart..<sourceEnd], as: UTF8.self)
            if let size = sizes[source.hasPrefix(root) ? String(source.dropFirst(root.count)) : source] {
                output += Array("<img loading=\"lazy\" width=\"\(size.width)\" height=\"\(size.height)\" src=\"".utf8)
            } else {
                output += marker
            }
            index = sourceStart
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Site-relative image paths to their sizes: every thumbnail and the placeholder.
    static func sizes(thumbnails: some Sequence<Thumbnail>, placeholder: PixelSize) -> [String: PixelSize] {
        var sizes = [SitePaths.placeholder: placeholder]
        for thumbnail in thumbnails { sizes["thumbs/\(thumbnail.publishedName)"] = thumbnail.size }
        return sizes
    }

    private static func matchesMarker(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + marker.count <= bytes.count else { return false }
        for offset in 0..<marker.count where bytes[index + offset] != marker[offset] { return false }
        return true
    }
}
