import CCmark
import Foundation

/// A description as an iCalendar DESCRIPTION shows it: plain text that keeps its paragraphs
/// and list items on lines of their own, from one walk of cmark's tree (the same tree the
/// HTML is made from, before that changes it). What the HTML leaves out, this leaves out:
/// images with their alt text, raw HTML. A soft line break is a space, as a browser shows it.
enum CalendarText {
    /// The longest text kept: calendar apps show a few lines; the page has the rest.
    static let maxLength = 2000

    static func of(_ tree: MarkdownTree) -> String {
        var text = ""
        var inImage = 0
        tree.walk { node, entering in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE {
                inImage += entering ? 1 : -1
                return
            }
            guard inImage == 0 else { return }
            if entering {
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += MarkdownTree.literal(of: node)
                case CMARK_NODE_CODE_BLOCK: text += MarkdownTree.literal(of: node) + "\n\n"
                case CMARK_NODE_SOFTBREAK: text += " "
                case CMARK_NODE_LINEBREAK: text += "\n"
                case CMARK_NODE_ITEM: text += "• "
                default: break
                }
            } else {
                switch type {
                case CMARK_NODE_PARAGRAPH where !isInTightList(node): text += "\n\n"
                case CMARK_NODE_HEADING, CMARK_NODE_LIST: text += "\n\n"
                case CMARK_NODE_ITEM: text += "\n"
                default: break
                }
            }
        }
        return String(tidied(text).prefix(maxLength))
    }

    /// A tight list's paragraphs are only their text (cmark writes them without `<p>`).
    private static func isInTightList(_ paragraph: OpaquePointer) -> Bool {
        guard let item = cmark_node_parent(paragraph), cmark_node_get_type(item) == CMARK_NODE_ITEM,
            let list = cmark_node_parent(item)
        else { return false }
        return cmark_node_get_list_tight(list) != 0
    }

    /// Lines trimmed, runs of blank lines made one, the whole trimmed.
    private static func tidied(_ text: String) -> String {
        var lines: [Substring] = []
        var blank = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty && blank { continue }
            blank = trimmed.isEmpty
            lines.append(Substring(trimmed))
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
