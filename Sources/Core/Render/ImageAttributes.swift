import Foundation
import MeetupPhotos

/// The sizes of the images the site generates (hash-named thumbnails and the placeholder),
/// which `PageBody` writes on their `<img>`: Markdown has no syntax for dimensions.
enum ImageAttributes {
    /// Site-relative image paths to their sizes: every thumbnail and the placeholder.
    static func sizes(thumbnails: some Sequence<Thumbnail>, placeholder: PixelSize) -> [String: PixelSize] {
        var sizes = [SitePaths.placeholder: placeholder]
        for thumbnail in thumbnails { sizes["thumbs/\(thumbnail.publishedName)"] = thumbnail.size }
        return sizes
    }
}
