import Foundation
import MeetupSupport
import Mustache

/// The templates of `Templates/`, parsed once per run. Markdown templates start
/// with `{{% CONTENT_TYPE: MARKDOWN}}`, so their `{{values}}` are Markdown-escaped;
/// the layout is HTML-escaped. `events.md` is a partial shared by the list pages;
/// `event.md` is one event's block, rendered once per event; `digest.md` and
/// `digest-email.html` are the day's digest on the site and by mail; `404.md` the
/// page a web server shows for a missing one; `groups.md` the groups report.
package struct SiteTemplates: Sendable {
    package static let templateNames = [
        "layout.html", "index.md", "query.md", "all.md", "events.md", "event.md",
        "digest.md", "digest-email.html", "404.md", "groups.md", "pager.md", "archive.md", "group.md", "report.md",
        "event-page.md",
    ]
    package static let assetNames = ["style.css", "placeholder.svg"]

    package let directory: URL
    private let library: MustacheLibrary
    /// A hash of every template and asset: a page made with other templates is another page.
    package let fingerprint: String

    /// No templates: for a command that renders nothing (`backfill`), which then needs none.
    package static var none: SiteTemplates {
        SiteTemplates(directory: URL(fileURLWithPath: "/dev/null"), library: MustacheLibrary(), fingerprint: "none")
    }

    private init(directory: URL, library: MustacheLibrary, fingerprint: String) {
        self.directory = directory
        self.library = library
        self.fingerprint = fingerprint
    }

    /// - Parameter language: whose words replace each `{{#t}}English{{/t}}` of the templates,
    ///   once, here: a page renders no lookup.
    package init(directory: URL, language: SiteLanguage = .english) throws(RenderError) {
        self.directory = directory
        // The content-type pragma is resolved while parsing, so register first.
        MarkdownEscaping.registerContentType()
        var library = MustacheLibrary()
        var fingerprint = ContentHash.Builder("templates-1")
        for name in Self.templateNames {
            let file = directory.appendingPathComponent("\(name).mustache")
            guard let source = try? String(contentsOf: file, encoding: .utf8) else {
                throw .missingTemplate(file.path)
            }
            let text = Self.translated(source, into: language)
            fingerprint.add([name, text])
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch {
                throw .badTemplate(file.path, String(describing: error))
            }
        }
        for name in Self.assetNames
        where !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) {
            throw .missingTemplate(directory.appendingPathComponent(name).path)
        }
        for name in Self.assetNames + ["favicon.svg"] {
            let bytes = (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()
            fingerprint.add([name, ContentHash.sha256Hex(bytes)])
        }
        self.library = library
        self.fingerprint = fingerprint.hex()
    }

    /// The template's text with each `{{#t}}…{{/t}}` in the language's words; the words keep
    /// their `{{tags}}` (the catalogue check makes sure a translation does).
    static func translated(_ text: String, into language: SiteLanguage) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{#t}}"), let close = rest[open.upperBound...].range(of: "{{/t}}") {
            result += rest[..<open.lowerBound]
            result += language.localized(String(rest[open.upperBound..<close.lowerBound]))  // not a message
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    package func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    package func asset(_ name: String) -> URL { directory.appendingPathComponent(name) }
}

package enum RenderError: Error, Sendable, CustomStringConvertible {
    case missingTemplate(String)
    case badTemplate(String, String)
    case cannotWrite(String, String)

    package var description: String {
        switch self {
        case .missingTemplate(let path):
            "template \(path) is missing or unreadable (pass --templates with the folder that holds it; "
                + "a templates folder copied from an earlier version needs the templates this one added, from the installed share/meetup-report/Templates)"
        case .badTemplate(let path, let reason): "template \(path) does not parse: \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
