import CCmark
import Foundation
import MeetupModel
import MeetupSupport

/// An event's description as its organiser wrote it: their Markdown through cmark
/// (never raw HTML), links only when http(s), no images (they would load from
/// anywhere), headings turned into bold paragraphs (the page's headings are its days
/// and events). Shown behind a "More" on query pages and as the Atom entry's content.
enum DescriptionRendering {
    /// Stands where "More" goes in an event block until the page is HTML; the nonce is
    /// new in every run, so no text from the API can spell a marker.
    static let nonce = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)).lowercased()

    static let markerPrefix = "mrmore\(nonce)x"

    static func marker(for event: Event) -> String {
        markerPrefix + ContentHash.sha256Hex(event.id).prefix(16)
    }

    /// The Markdown page without its markers (the `.md` files are read as text and must
    /// not change from run to run).
    static func strip(_ markdown: String) -> String {
        let prefix = Array(markerPrefix.utf8)
        let bytes = Array(markdown.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var lineStart = 0
        var previousBlank = false
        var found = false
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let next = min(bytes.count, lineEnd + 1)
            let isMarker =
                lineEnd - lineStart >= prefix.count
                && bytes[lineStart..<(lineStart + prefix.count)].elementsEqual(prefix)
            let isBlank = lineEnd == lineStart
            if isMarker {
                found = true
            } else if !(isBlank && previousBlank) {
                // A removed marker leaves two blank lines; one is kept.
                output += bytes[lineStart..<next]
                previousBlank = isBlank
            }
            lineStart = next
        }
        return found ? String(decoding: output, as: UTF8.self) : markdown
    }

    /// The organiser's Markdown as HTML, decided at cmark's nodes: an http(s) link keeps
    /// its text and gets `rel="nofollow noopener"`, any other link is only its text, an
    /// image goes (it would load from anywhere), a heading becomes a bold paragraph (the
    /// page's headings are its days and events), and raw HTML leaves nothing behind.
    static func html(_ description: String) -> String {
        let tree = MarkdownTree(description)
        for link in tree.nodes(CMARK_NODE_LINK) {
            let url = MarkdownTree.url(of: link).lowercased()
            if url.hasPrefix("https://") || url.hasPrefix("http://") {
                // cmark's own escaping of the address, from its rendering of the link alone.
                let rendered = MarkdownTree.html(of: link)
                let href = rendered.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init) ?? ""
                tree.wrap(link, enter: "<a href=\"\(href)\" rel=\"nofollow noopener\">", exit: "</a>")
            } else {
                tree.unwrap(link)
            }
        }
        for image in tree.nodes(CMARK_NODE_IMAGE) { tree.remove(image) }
        for heading in tree.nodes(CMARK_NODE_HEADING) { tree.boldParagraph(heading) }
        for block in tree.nodes(CMARK_NODE_HTML_BLOCK) { tree.replace(block, with: "\n", inline: false) }
        for inline in tree.nodes(CMARK_NODE_HTML_INLINE) { tree.remove(inline) }
        return tree.html().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The rendered description as plain text that keeps its paragraphs and list items
    /// on their own lines (iCalendar's DESCRIPTION), entities decoded.
    static func text(fromHTML html: String) -> String {
        var plain = ""
        plain.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let start = rest.firstIndex(where: { $0 == "<" || $0 == "\n" || $0 == "&" }) {
            plain += rest[..<start]
            if rest[start] == "\n" {  // cmark's own line breaks only format the HTML
                rest = rest[rest.index(after: start)...]
                continue
            }
            if rest[start] == "&" {
                let entities = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
                if let (name, value) = entities.first(where: { rest[start...].hasPrefix($0.0) }) {
                    plain += value
                    rest = rest[rest.index(start, offsetBy: name.count)...]
                } else {
                    plain += "&"
                    rest = rest[rest.index(after: start)...]
                }
                continue
            }
            guard let end = rest[start...].firstIndex(of: ">") else { break }
            switch rest[start...end] {
            case "</p>", "</ul>", "</ol>": plain += "\n\n"
            case "<br />", "</li>": plain += "\n"
            case "<li>": plain += "• "
            default: break
            }
            rest = rest[rest.index(after: end)...]
        }
        plain += rest
        var lines: [Substring] = []
        var blank = false
        for line in plain.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty && blank { continue }
            blank = trimmed.isEmpty
            lines.append(Substring(trimmed))
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
