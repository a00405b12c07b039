import Foundation
import MeetupSupport

/// The root of a site in several languages: `index.html` offers each language's site (each
/// named in its own words, with `hreflang`), and `404.html` says so in every language, for a
/// host that serves the root's. No script, no redirect: the reader chooses.
package enum LanguageChooser {
    package static func files(_ sites: [SiteSettings], templates: SiteTemplates) -> [SiteFile] {
        guard let first = sites.first, let root = first.rootURL else { return [] }
        let links = sites.map { site in
            "<li><a href=\"\(site.folder)index.html\" hreflang=\"\(site.language.tag)\" lang=\"\(site.language.tag)\">"
                + XMLEscaping.escape(site.translations.first { $0.tag == site.language.tag }?.name ?? site.language.tag)
                + "</a></li>"
        }
        let alternates = sites.map { site in
            "<link rel=\"alternate\" hreflang=\"\(site.language.tag)\" href=\""
                + XMLEscaping.escape(Sitemap.absolute(site.folder + "index.html", baseURL: root).absoluteString) + "\">"
        }
        let style = (try? String(contentsOf: templates.asset("style.css"), encoding: .utf8)) ?? ""
        func page(_ heading: [String], canonical: Bool) -> String {
            let title = XMLEscaping.escape(first.title)
            return """
                <!DOCTYPE html>
                <html lang="\(first.language.tag)">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="color-scheme" content="light dark">
                <title>\(title)</title>
                \(canonical ? "<link rel=\"canonical\" href=\"\(XMLEscaping.escape(root.absoluteString))\">\n" : "")\
                \(alternates.joined(separator: "\n"))
                <style>
                \(style)</style>
                </head>
                <body>
                <main id="main" class="page-languages">
                <h1>\(title)</h1>
                \(heading.joined(separator: "\n"))
                <ul>
                \(links.joined(separator: "\n"))
                </ul>
                </main>
                </body>
                </html>

                """
        }
        let notFound = sites.map { site in
            "<p lang=\"\(site.language.tag)\">" + XMLEscaping.escape(site.language.localized("Page not found")) + "</p>"
        }
        return [
            .text("index.html", page([], canonical: true)),
            .text("404.html", page(notFound, canonical: false)),
        ]
    }
}
