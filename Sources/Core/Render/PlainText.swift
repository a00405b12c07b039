import CCmark
import Foundation
import MeetupSupport

/// A description as the words a reader sees: its Markdown through cmark, then only the
/// text of the nodes (no `*` of a list, no `#` of a heading, no link targets), list items
/// joined by " · ", raw HTML reduced to its text. Excerpts, feed summaries, calendar
/// descriptions and search records are made from it.
enum PlainText {
    static func of(markdown: String) -> String {
        guard !markdown.isEmpty else { return "" }
        let parsed = markdown.utf8CString.withUnsafeBufferPointer { buffer in
            cmark_parse_document(buffer.baseAddress, buffer.count - 1, MarkdownTree.options)
        }
        guard let document = parsed else { return TextCleaning.plainText(markdown) }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return TextCleaning.plainText(markdown) }
        defer { cmark_iter_free(iterator) }
        var text = ""
        var itemsSeen: [Int] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let literal = { cmark_node_get_literal(node).map { String(cString: $0) } ?? "" }
            if event == CMARK_EVENT_ENTER {
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += literal()
                case CMARK_NODE_CODE_BLOCK: text += " " + literal() + " "
                case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                    text += " " + TextCleaning.plainText(literal()) + " "
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
