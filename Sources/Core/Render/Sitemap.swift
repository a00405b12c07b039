import Foundation

/// `sitemap.xml` (sitemaps.org 0.9) with absolute URLs under the configured base URL.
/// No `lastmod`: it would change the file every night even when nothing else did.
package enum Sitemap {
    static func render(paths: [String], baseURL: URL) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        let base = absolute("", baseURL: baseURL).absoluteString
        for path in paths {
            // The site's own paths are plain (letters, digits, "-", "_", ".", "/"): the base's text
            // and the path's, without a URL made for each (W2's 11,000: 46 ms of every night, perf).
            let url = isPlain(path) ? base + path : absolute(path, baseURL: baseURL).absoluteString
            xml += "<url><loc>\(XMLEscaping.escape(url))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// A relative path that resolves under a base as the two texts joined: unreserved
    /// characters and "/" only, no empty, "." or ".." segment. One pass over its bytes (split
    /// into segments first, 16 ms of W2's 32 ms sitemap, perf).
    static func isPlain(_ path: String) -> Bool {
        var length = 0
        var dots = 0
        func segmentEnds() -> Bool { length > 0 && !(length == dots && dots <= 2) }
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                guard segmentEnds() else { return false }
                length = 0
                dots = 0
            case UInt8(ascii: "."):
                length += 1
                dots += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                length += 1
            default: return false
            }
        }
        return segmentEnds()
    }

    /// `path` resolved under the base URL's folder, whether or not it ends with a slash.
    package static func absolute(_ path: String, baseURL: URL) -> URL {
        let base =
            baseURL.absoluteString.hasSuffix("/") ? baseURL : URL(string: baseURL.absoluteString + "/") ?? baseURL
        return URL(string: path, relativeTo: base)?.absoluteURL ?? base
    }
}
