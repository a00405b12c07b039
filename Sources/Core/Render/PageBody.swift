import CCmark
import Foundation
import MeetupModel
import MeetupSupport

/// A page's Markdown to the HTML of its body, in one walk of cmark's node tree: each of
/// the site's images gets its size (Markdown cannot say it), a chart's image becomes the
/// chart itself, each event's "More" marker becomes its description behind "More",
/// and each event heading gets its anchor. Only nodes the tool generated are matched:
/// text from the API was Markdown-escaped before cmark saw it, so it cannot make one.
struct PageBody {
    /// From the page back to the site root.
    let root: String
    let imageSizes: [String: PixelSize]
    /// Thumbnails' double-density twins, by site path: written as `srcset="… 2x"`.
    var imageDoubles: [String: String] = [:]
    /// Rendered descriptions by event id (`DescriptionRendering`).
    let descriptions: TextsByEvent
    /// Site path of each chart to its SVG (the index only).
    let charts: [String: String]
    /// The page's events in the order of its `###` headings (none on the index).
    let anchors: [Event]
    /// An event page's whole description as HTML, for its `<!-- description -->` marker.
    var wholeDescription: String?
    /// The words of "More" and of its toggle's name.
    var language: SiteLanguage = .english

    /// Where an event page's template puts the event's whole description.
    static let descriptionMarker = "<!-- description -->"

    func html(from markdown: String) -> String {
        let tree = MarkdownTree(markdown)
        PipeTables.convert(tree)
        var sized = 0
        for image in tree.nodes(CMARK_NODE_IMAGE) where sizeOrChart(image, in: tree, eager: sized < Self.eagerImages) {
            sized += 1
        }
        let headings = tree.nodes(CMARK_NODE_HEADING).filter { cmark_node_get_heading_level($0) == 3 }
        for (marker, event) in markers(in: tree, headings: headings) { expand(marker, of: event, in: tree) }
        for marker in tree.nodes(CMARK_NODE_HTML_BLOCK)
        where MarkdownTree.literal(of: marker).trimmingCharacters(in: .whitespacesAndNewlines) == Self.descriptionMarker
        {
            tree.replace(
                marker, with: wholeDescription.map { "<div class=\"description\">\n\($0)</div>\n" } ?? "\n",
                inline: false)
        }
        // The page's h3 headings are its events, in order; a custom template that breaks
        // that one-to-one match gets no ids rather than wrong ones.
        if !anchors.isEmpty, headings.count == anchors.count {
            for (heading, event) in zip(headings, anchors) {
                let blocks = MarkdownTree.siblings(after: heading, until: Self.endsAnEvent)
                let rendered = MarkdownTree.html(of: heading)
                tree.replace(
                    heading, with: "<h3 id=\"\(EventAnchors.id(of: event))\">" + rendered.dropFirst("<h3>".count),
                    inline: false)
                arrange(blocks, in: tree)
            }
        }
        return tree.html()
    }

    /// An event is its heading and the blocks after it, up to the next heading or rule.
    private static func endsAnEvent(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING, CMARK_NODE_THEMATIC_BREAK: true
        case CMARK_NODE_CUSTOM_BLOCK: (cmark_node_get_on_enter(node).map { String(cString: $0) } ?? "").hasPrefix("<h3")
        default: false
        }
    }

    /// One event as a grid row: its photo in a column of its own (taken out of the line
    /// it opens), its text in the other, so no text ever wraps under or beside the photo.
    private func arrange(_ blocks: [OpaquePointer], in tree: MarkdownTree) {
        guard let heading = blocks.first.flatMap(cmark_node_previous) else { return }
        var photo: OpaquePointer?
        if let line = blocks.first, cmark_node_get_type(line) == CMARK_NODE_PARAGRAPH,
            let image = cmark_node_first_child(line),
            [CMARK_NODE_CUSTOM_INLINE, CMARK_NODE_IMAGE].contains(cmark_node_get_type(image))
        {
            let html =
                cmark_node_get_type(image) == CMARK_NODE_IMAGE
                ? MarkdownTree.html(of: image)
                : cmark_node_get_on_enter(image).map { String(cString: $0) } ?? ""
            // The space between the photo and the time goes with it.
            if let space = cmark_node_next(image), cmark_node_get_type(space) == CMARK_NODE_TEXT,
                (cmark_node_get_literal(space).map { String(cString: $0) } ?? "").allSatisfy(\.isWhitespace)
            {
                tree.remove(space)
            }
            tree.remove(image)
            photo = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
            if let photo {
                cmark_node_set_on_enter(photo, "<div class=\"event-photo\">" + html + "</div>")
                cmark_node_set_on_exit(photo, "")
            }
        }
        let text = tree.wrapBlocks(blocks, enter: "<div class=\"event-text\">", exit: "</div>")
        let parts = [heading] + (photo.map { [$0] } ?? []) + (text.map { [$0] } ?? [])
        if let photo, let text { cmark_node_insert_before(text, photo) }
        tree.wrapBlocks(parts, enter: "<article class=\"event\">", exit: "</article>")
    }

    /// The first photos of a page are above the fold on any screen: loaded at once, not lazily.
    static let eagerImages = 3

    /// True when the image was one of the site's photos (and got its size).
    private func sizeOrChart(_ image: OpaquePointer, in tree: MarkdownTree, eager: Bool) -> Bool {
        let url = MarkdownTree.url(of: image)
        let path = url.hasPrefix(root) ? String(url.dropFirst(root.count)) : url
        if url.hasPrefix(root), let svg = charts[path] {
            tree.replace(image, with: svg, inline: true)
        } else if let size = imageSizes[path] {
            let rendered = MarkdownTree.html(of: image)
            let prefix = "<img src=\""
            guard rendered.hasPrefix(prefix) else { return false }
            let srcset = imageDoubles[path].map { "srcset=\"\(root)\($0) 2x\" " } ?? ""
            tree.replace(
                image,
                with: "<img \(eager ? "" : "loading=\"lazy\" ")width=\"\(size.width)\" height=\"\(size.height)\" "
                    + srcset + "src=\"" + rendered.dropFirst(prefix.count), inline: true)
            return true
        }
        return false
    }

    /// Each "More" marker with the event whose heading it stands under: the page's h3
    /// headings are its events in order, so the marker after the third heading is the third
    /// event's. A page whose headings do not match its events one to one (a custom template)
    /// gets no descriptions rather than wrong ones.
    private func markers(in tree: MarkdownTree, headings: [OpaquePointer]) -> [(OpaquePointer, Event?)] {
        let matched = !anchors.isEmpty && headings.count == anchors.count
        var found: [(OpaquePointer, Event?)] = []
        var headingsSeen = 0
        tree.walk { node, entering in
            guard entering else { return }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING where cmark_node_get_heading_level(node) == 3:
                headingsSeen += 1
            case CMARK_NODE_HTML_BLOCK
            where MarkdownTree.literal(of: node).trimmingCharacters(in: .whitespacesAndNewlines)
                == DescriptionRendering.moreMarker:
                found.append((node, matched && headingsSeen > 0 ? anchors[headingsSeen - 1] : nil))
            default: break
            }
        }
        return found
    }

    /// An event's marker: its description behind "More", or nothing.
    /// The excerpt just before it becomes the closed toggle's text, so it gives way to the
    /// whole description when "More" opens and nothing reads twice; the toggle's name says
    /// which event it opens ("More about <title>"), one name per event on the page.
    private func expand(_ marker: OpaquePointer, of event: Event?, in tree: MarkdownTree) {
        // A custom block is written between line breaks; "\n" keeps the blank line an
        // empty one always left.
        guard let event, let description = descriptions[event.id] else {
            return tree.replace(marker, with: "\n", inline: false)
        }
        let title = XMLEscaping.escape(TextCleaning.singleLine(event.title))
        var excerpt = ""
        if let previous = cmark_node_previous(marker), cmark_node_get_type(previous) == CMARK_NODE_PARAGRAPH {
            let rendered = MarkdownTree.html(of: previous)
            if rendered.hasPrefix("<p>"), rendered.hasSuffix("</p>\n") {
                excerpt = "<span class=\"excerpt\">" + rendered.dropFirst(3).dropLast(5) + "</span> "
                tree.remove(previous)
            }
        }
        // The words are the catalogue's (checked to add no markup); the title is escaped.
        let name = language.localized("More about {title}", ["title": title])
        tree.replace(
            marker,
            with: "<details class=\"more\"><summary aria-label=\"\(name)\">\(excerpt)"
                + "<span class=\"more-label\">\(language.localized("More"))</span></summary>\n" + description
                + "\n</details>", inline: false)
    }
}
