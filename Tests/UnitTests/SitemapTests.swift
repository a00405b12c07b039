import Foundation
import Testing

@testable import MeetupRender

/// `Sitemap`: a plain path joined to the base's text is the URL the base resolves it to.
@Suite("Sitemap")
struct SitemapTests {
    @Test func eachPathIsTheURLItResolvesToUnderTheBase() throws {
        let paths = [
            "index.html", "events/abc-1_2.html", "queries/swift/2.html", "a.b.html",
            "../up.html", "a b.html", "a/./b.html", "a//b.html", "x?y=1", "ü.html", "a&b.html", "a/..", "/a.html",
            "a/", "...", ".x/y..html",
        ]
        for base in [
            "https://example.org/sub", "https://example.org/sub/", "https://example.org", "https://e.org/a%20b/",
        ] {
            let baseURL = try #require(URL(string: base))
            let xml = Sitemap.render(paths: paths, baseURL: baseURL)
            let locations = xml.components(separatedBy: "<loc>").dropFirst().map {
                $0.components(separatedBy: "</loc>")[0]
            }
            #expect(
                locations == paths.map { XMLEscaping.escape(Sitemap.absolute($0, baseURL: baseURL).absoluteString) },
                "\(base)")
        }
        let plain = ["index.html", "events/abc-1_2.html", "queries/swift/2.html", "a.b.html", "...", ".x/y..html"]
        #expect(paths.filter(Sitemap.isPlain) == plain)
    }
}
