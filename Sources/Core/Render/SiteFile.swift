import Foundation

/// One file of the finished site, by its path relative to the site's root.
public struct SiteFile: Sendable, Equatable {
    public enum Contents: Sendable, Equatable {
        case bytes(Data)
        /// An existing file (a cached thumbnail, a template asset), linked or copied in.
        case file(URL)
    }

    public var path: String
    public var contents: Contents

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    public static func text(_ path: String, _ text: String) -> SiteFile {
        SiteFile(path: path, contents: .bytes(Data(text.utf8)))
    }
}
