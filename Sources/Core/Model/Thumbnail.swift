import Foundation

/// A thumbnail ready to be published.
package struct Thumbnail: Sendable, Hashable {
    /// The file in the cache; the site links or copies it.
    package var file: URL
    package var size: PixelSize
    /// The site-relative name, a hash of the photo URL.
    package var publishedName: String
    /// The same photo at twice the width for high-density screens (`srcset … 2x`), when the
    /// photo is wider than the thumbnail (never upscaled: it may be less than twice as wide).
    package var double: Density?

    package struct Density: Sendable, Hashable {
        package var file: URL
        package var size: PixelSize
        package var publishedName: String

        package init(file: URL, size: PixelSize, publishedName: String) {
            self.file = file
            self.size = size
            self.publishedName = publishedName
        }
    }

    package init(file: URL, size: PixelSize, publishedName: String, double: Density? = nil) {
        self.file = file
        self.size = size
        self.publishedName = publishedName
        self.double = double
    }
}

/// Width and height in pixels.
package struct PixelSize: Sendable, Hashable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
