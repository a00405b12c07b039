import CCmark
import Foundation
import MeetupModel
import MeetupPhotos

/// A page's Markdown to the HTML of its body, in one walk of cmark's node tree: each of
/// the site's images gets its size (Markdown cannot say it), a chart's image becomes the
/// chart itself, each event's marker paragraph becomes its description behind "More",
/// and each event heading gets its anchor. Only nodes the tool generated are matched:
/// text from the API was Markdown-escaped before cmark saw it, so it cannot make one.
struct PageBody {
    /// From the page back to the site root.
    let root: String
    let imageSizes: [String: PixelSize]
    /// Rendered descriptions by marker (`DescriptionRendering`).
    let descriptions: [String: String]
    /// Site path of each chart to its SVG (the index only).
    let charts: [String: String]
    /// The page's events in the order of its `###` headings (none on the index).
    let anchors: [Event]

    func html(from markdown: String) -> String {
        let tree = MarkdownTree(markdown)
        for image in tree.nodes(CMARK_NODE_IMAGE) { sizeOrChart(image, in: tree) }
        for paragraph in tree.nodes(CMARK_NODE_PARAGRAPH) { expandMarker(paragraph, in: tree) }
        let headings = tree.nodes(CMARK_NODE_HEADING).filter { cmark_node_get_heading_level($0) == 3 }
        // The page's h3 headings are its events, in order; a custom template that breaks
        // that one-to-one match gets no ids rather than wrong ones.
        if !anchors.isEmpty, headings.count == anchors.count {
            for (heading, event) in zip(headings, anchors) {
                let rendered = MarkdownTree.html(of: heading)
                tree.replace(heading, with: "<h3 id=\"\(EventAnchors.id(of: event))\">" + rendered.dropFirst("<h3>".count), inline: false)
            }
        }
        return tree.html()
    }

    private func sizeOrChart(_ image: OpaquePointer, in tree: MarkdownTree) {
        let url = MarkdownTree.url(of: image)
        let path = url.hasPrefix(root) ? String(url.dropFirst(root.count)) : url
        if url.hasPrefix(root), let svg = charts[path] {
            tree.replace(image, with: svg, inline: true)
        } else if let size = imageSizes[path] {
            let rendered = MarkdownTree.html(of: image)
            let prefix = "<img src=\""
            guard rendered.hasPrefix(prefix) else { return }
            tree.replace(image, with: "<img loading=\"lazy\" width=\"\(size.width)\" height=\"\(size.height)\" src=\""
                         + rendered.dropFirst(prefix.count), inline: true)
        }
    }

    /// A paragraph that is only an event's marker: its description behind "More", or nothing.
    private func expandMarker(_ paragraph: OpaquePointer, in tree: MarkdownTree) {
        guard let text = MarkdownTree.soleText(of: paragraph), text.hasPrefix(DescriptionRendering.markerPrefix) else { return }
        // A custom block is written between line breaks; "\n" keeps the blank line an
        // empty one always left.
        let details = descriptions[text].map { "<details class=\"more\"><summary>More</summary>\n\($0)\n</details>" } ?? "\n"
        tree.replace(paragraph, with: details, inline: false)
    }
}
