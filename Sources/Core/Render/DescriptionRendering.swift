import CCmark
import Foundation
import MeetupModel
import MeetupSupport

/// An event's description as its organiser wrote it: their Markdown through cmark
/// (never raw HTML), links only when http(s), no images (they would load from
/// anywhere), headings turned into bold paragraphs (the page's headings are its days
/// and events). Shown behind a "More" on query pages and as the Atom entry's content.
enum DescriptionRendering {
    /// A description's plain text, HTML and calendar text from one parse: the two texts are
    /// walks of the tree, then the HTML changes it and renders it.
    static func texts(of description: String) -> (plain: String, html: String, calendar: String) {
        guard !description.isEmpty else { return ("", "", "") }
        let tree = MarkdownTree(description)
        let plain = PlainText.of(tree)
        let calendar = CalendarText.of(tree)
        return (plain, html(tree), calendar)
    }

    /// Where "More" goes in an event block (the template's `{{{more}}}`): an HTML comment,
    /// which cmark reads as an HTML block. No text from the API can make one (it is
    /// Markdown-escaped, `<` included), and the page's HTML puts the description of the
    /// event it stands under (by its heading, in order) in its place (`PageBody`).
    static let moreMarker = "<!-- more -->"

    /// The Markdown page without its "More" markers: the `.md` files are read as text.
    static func strip(_ markdown: String) -> String {
        let prefix = Array(moreMarker.utf8)
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
            let isMarker = bytes[lineStart..<lineEnd].elementsEqual(prefix)
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
        html(MarkdownTree(description))
    }

    /// The same, changing the given tree (`texts(of:)` reads it first).
    static func html(_ tree: MarkdownTree) -> String {
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
}
