import Foundation
import MeetupModel

/// The sizes of the images the site generates (hash-named thumbnails and the placeholder),
/// which `PageBody` writes on their `<img>`: Markdown has no syntax for dimensions.
enum ImageAttributes {
    /// Site-relative image paths to their sizes: every thumbnail and the placeholder.
    static func sizes(thumbnails: some Sequence<Thumbnail>, placeholder: PixelSize) -> [String: PixelSize] {
        var sizes = [SitePaths.placeholder: placeholder]
        for thumbnail in thumbnails { sizes["thumbs/\(thumbnail.publishedName)"] = thumbnail.size }
        return sizes
    }

    /// Site-relative thumbnail paths to their double-density twins (`srcset … 2x`).
    static func doubles(thumbnails: some Sequence<Thumbnail>) -> [String: String] {
        var doubles: [String: String] = [:]
        for thumbnail in thumbnails {
            if let double = thumbnail.double {
                doubles["thumbs/\(thumbnail.publishedName)"] = "thumbs/\(double.publishedName)"
            }
        }
        return doubles
    }
}

extension Thumbnail {
    /// What a page made with this thumbnail depends on: names and sizes, the twin's too.
    var keyText: String {
        "\(publishedName) \(size.width)x\(size.height)"
            + (double.map { " \($0.publishedName) \($0.size.width)x\($0.size.height)" } ?? "")
    }
}
