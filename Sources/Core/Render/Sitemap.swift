import Foundation

/// `sitemap.xml` (sitemaps.org 0.9) with absolute URLs under the configured base URL.
/// No `lastmod`: it would change the file every night even when nothing else did.
package enum Sitemap {
    static func render(paths: [String], baseURL: URL) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for path in paths {
            xml += "<url><loc>\(XMLEscaping.escape(absolute(path, baseURL: baseURL).absoluteString))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// `path` resolved under the base URL's folder, whether or not it ends with a slash.
    package static func absolute(_ path: String, baseURL: URL) -> URL {
        let base =
            baseURL.absoluteString.hasSuffix("/") ? baseURL : URL(string: baseURL.absoluteString + "/") ?? baseURL
        return URL(string: path, relativeTo: base)?.absoluteURL ?? base
    }
}
