import CCmark
import Foundation

/// Pipe tables (`| Year | Events |` / `|---|---|` / rows) in the tool's own Markdown made into
/// HTML tables: plain cmark has no tables and would show the pipes as text. Found at cmark's
/// nodes, not by re-reading HTML: a paragraph whose lines (its soft breaks) all start and end
/// with `|` and whose second line is the separator. A cell keeps its inline nodes (a link
/// stays a link), rendered by cmark; text is escaped. The `.md` files keep the pipe table.
enum PipeTables {
    static func convert(_ tree: MarkdownTree) {
        for paragraph in tree.nodes(CMARK_NODE_PARAGRAPH) {
            guard let rows = rows(of: paragraph), rows.count >= 2, isSeparator(rows[1]) else { continue }
            let header = rows[0].map { "<th scope=\"col\">\($0)</th>" }.joined()
            let body = rows.dropFirst(2).map { cells in
                "<tr>"
                    + cells.enumerated().map { index, cell in
                        index == 0 ? "<th scope=\"row\">\(cell)</th>" : "<td>\(cell)</td>"
                    }.joined() + "</tr>"
            }
            // The wrapper scrolls on a phone: a region a keyboard can reach and scroll, named by
            // the heading it stands under and its columns (two tables under one heading differ).
            let label = ([heading(before: paragraph)].compactMap { $0 } + [rows[0].map(plain).joined(separator: ", ")])
                .joined(separator: ": ")
            tree.replace(
                paragraph,
                with:
                    "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"\(label)\"><table>\n<thead><tr>\(header)</tr></thead>\n<tbody>\n"
                    + body.joined(separator: "\n") + "\n</tbody>\n</table></div>", inline: false)
        }
    }

    /// The text of the nearest heading before `node`, if any.
    private static func heading(before node: OpaquePointer) -> String? {
        var previous = cmark_node_previous(node)
        while let candidate = previous, cmark_node_get_type(candidate) != CMARK_NODE_HEADING {
            previous = cmark_node_previous(candidate)
        }
        return previous.map { plain(MarkdownTree.html(of: $0)) }
    }

    /// HTML without its tags, already escaped: fit for an attribute.
    private static func plain(_ html: String) -> String {
        html.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The paragraph's lines split into cells (each cell's HTML), or nil when it is not a table.
    private static func rows(of paragraph: OpaquePointer) -> [[String]]? {
        // Most paragraphs are prose: turned away at their first character, before any cell is
        // escaped or rendered (every paragraph of every page was, a tenth of a W2 night's CPU).
        guard let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT,
            MarkdownTree.literal(of: first).drop(while: { $0 == " " || $0 == "\t" }).first == "|"
        else { return nil }
        var rows: [[String]] = [[]]
        var cell = ""
        var line = ""
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                guard finish(line: &line, cell: &cell, rows: &rows) else { return nil }
                rows.append([])
            case CMARK_NODE_TEXT:
                let text = MarkdownTree.literal(of: node)
                line += text
                for (index, part) in text.split(separator: "|", omittingEmptySubsequences: false).enumerated() {
                    if index > 0 {
                        rows[rows.count - 1].append(cell.trimmingCharacters(in: .whitespaces))
                        cell = ""
                    }
                    cell += XMLEscaping.escape(String(part))
                }
            default:
                // An inline node inside a cell (a link, emphasis): cmark renders it.
                line += "x"
                cell += MarkdownTree.html(of: node).trimmingCharacters(in: .newlines)
            }
            child = cmark_node_next(node)
        }
        guard finish(line: &line, cell: &cell, rows: &rows) else { return nil }
        return rows
    }

    /// Ends a line: it must start and end with `|`; the empty cells before the first and after
    /// the last pipe are dropped.
    private static func finish(line: inout String, cell: inout String, rows: inout [[String]]) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("|"), trimmed.hasSuffix("|"), trimmed.count >= 2 else { return false }
        rows[rows.count - 1].append(cell.trimmingCharacters(in: .whitespaces))
        rows[rows.count - 1] = Array(rows[rows.count - 1].dropFirst().dropLast())
        line = ""
        cell = ""
        return true
    }

    private static func isSeparator(_ cells: [String]) -> Bool {
        !cells.isEmpty && cells.allSatisfy { cell in !cell.isEmpty && cell.allSatisfy { "-:".contains($0) } }
    }
}
