import Foundation

/// Adds `width`, `height` and `loading="lazy"` to the images cmark rendered.
/// Markdown has no syntax for dimensions, and raw HTML stays disabled in cmark,
/// so the attributes are added afterwards, matching only `src` values this
/// program generated (hash-named thumbnails and the placeholder). Text from the
/// API cannot produce such a tag: it was escaped before cmark saw it.
enum ImageAttributes {
    static func annotate(_ html: String, root: String, thumbnails: some Sequence<Thumbnail>, placeholder: PixelSize) -> String {
        guard html.contains("<img src=\"") else { return html }
        var sizes: [String: PixelSize] = ["\(root)\(PageContexts.placeholderPath)": placeholder]
        for thumbnail in thumbnails { sizes["\(root)thumbs/\(thumbnail.publishedName)"] = thumbnail.size }

        var result = ""
        result.reserveCapacity(html.utf8.count + 1024)
        var remainder = html[...]
        let marker = "<img src=\""
        while let range = remainder.range(of: marker) {
            result += remainder[..<range.lowerBound]
            let afterMarker = remainder[range.upperBound...]
            guard let quote = afterMarker.firstIndex(of: "\"") else {
                remainder = remainder[range.lowerBound...]
                break
            }
            let source = String(afterMarker[..<quote])
            if let size = sizes[source] {
                result += "<img loading=\"lazy\" width=\"\(size.width)\" height=\"\(size.height)\" src=\""
            } else {
                result += marker
            }
            remainder = afterMarker
        }
        result += remainder
        return result
    }
}
