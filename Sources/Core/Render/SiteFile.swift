import Foundation

/// One file of the finished site, by its path relative to the site's root.
package struct SiteFile: Sendable, Equatable {
    package enum Contents: Sendable, Equatable {
        case bytes(Data)
        /// An existing file (a cached thumbnail, a template asset), linked or copied in.
        case file(URL)
    }

    package var path: String
    package var contents: Contents

    package init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    package static func text(_ path: String, _ text: String) -> SiteFile {
        SiteFile(path: path, contents: .bytes(Data(text.utf8)))
    }
}
