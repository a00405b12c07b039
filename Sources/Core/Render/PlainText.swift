import CCmark
import Foundation
import MeetupSupport

/// A description as the words a reader sees: one walk of cmark's tree keeping only the
/// text of the nodes (no `*` of a list, no `#` of a heading, no link targets), list items
/// joined by " · ", raw HTML reduced to its text. Excerpts, feed summaries and search
/// records are made from it.
enum PlainText {
    static func of(markdown: String) -> String {
        markdown.isEmpty ? "" : of(MarkdownTree(markdown))
    }

    static func of(_ tree: MarkdownTree) -> String {
        var text = ""
        var itemsSeen: [Int] = []
        tree.walk { node, entering in
            let type = cmark_node_get_type(node)
            if entering {
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += MarkdownTree.literal(of: node)
                case CMARK_NODE_CODE_BLOCK: text += " " + MarkdownTree.literal(of: node) + " "
                case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                    text += " " + TextCleaning.plainText(MarkdownTree.literal(of: node)) + " "
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
                case CMARK_NODE_LIST: itemsSeen.append(0)
                case CMARK_NODE_ITEM:
                    if let count = itemsSeen.last, count > 0 { text += " · " } else { text += " " }
                    if !itemsSeen.isEmpty { itemsSeen[itemsSeen.count - 1] += 1 }
                default: break
                }
            } else {
                switch type {
                case CMARK_NODE_LIST: _ = itemsSeen.popLast()
                case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_BLOCK_QUOTE: text += " "
                default: break
                }
            }
        }
        return TextCleaning.singleLine(text)
    }
}
