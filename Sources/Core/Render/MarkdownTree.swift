import CCmark
import Foundation

/// A Markdown document as cmark's node tree: parsed once, changed at its nodes, rendered
/// to HTML once. Raw HTML in the text is never passed through (no `CMARK_OPT_UNSAFE`):
/// what the tool itself adds at a node (an image's size, a heading's id, a chart, a
/// description) goes in as a custom node, whose HTML cmark emits as given. No pass ever
/// re-reads finished HTML.
final class MarkdownTree {
    static let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8

    private let root: OpaquePointer

    init(_ markdown: String) {
        let parsed = markdown.utf8CString.withUnsafeBufferPointer { buffer in
            cmark_parse_document(buffer.baseAddress, buffer.count - 1, Self.options)
        }
        // cmark only fails to allocate; an empty document stands in.
        root = parsed ?? cmark_node_new(CMARK_NODE_DOCUMENT)
    }

    deinit { cmark_node_free(root) }

    /// Every node in document order, entered and (for a node with children) exited: for
    /// the walks that make text of the tree without changing it (`PlainText`, `CalendarText`).
    func walk(_ visit: (_ node: OpaquePointer, _ entering: Bool) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, event == CMARK_EVENT_ENTER)
        }
    }

    static func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// The outermost nodes of a type, in document order, collected before any is changed
    /// (changing the tree while cmark's iterator walks it is not allowed). A node inside one
    /// of the same type is left out: an image's description can hold an image, and removing or
    /// replacing the outer one frees the inner, which a later change would then free again.
    func nodes(_ type: cmark_node_type) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [OpaquePointer] = []
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            if cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == type
            {
                found.append(node)
                // On to the node's exit: what is inside it goes with it.
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
            }
        }
        return found
    }

    /// The whole document as HTML.
    func html() -> String { Self.html(of: root) }

    /// One node and its children as cmark renders them: the start of a replacement
    /// that adds what Markdown cannot say (an attribute), built from cmark's own output.
    static func html(of node: OpaquePointer) -> String {
        guard let rendered = cmark_render_html(node, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Puts `html` in the node's place: a block for a block node, inline for an inline one.
    func replace(_ node: OpaquePointer, with html: String, inline: Bool) {
        guard let replacement = cmark_node_new(inline ? CMARK_NODE_CUSTOM_INLINE : CMARK_NODE_CUSTOM_BLOCK) else {
            return
        }
        cmark_node_set_on_enter(replacement, html)
        cmark_node_set_on_exit(replacement, "")
        if cmark_node_replace(node, replacement) == 1 {
            cmark_node_free(node)
        } else {
            cmark_node_free(replacement)
        }
    }

    /// Removes a node and everything in it.
    func remove(_ node: OpaquePointer) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// Keeps a node's children where it stood, without the node (a link that may not link).
    func unwrap(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) { cmark_node_insert_before(node, child) }
        remove(node)
    }

    /// Puts an inline node's children inside tags of the tool's own (`enter`, `exit`).
    func wrap(_ node: OpaquePointer, enter: String, exit: String) {
        guard let wrapper = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return }
        cmark_node_set_on_enter(wrapper, enter)
        cmark_node_set_on_exit(wrapper, exit)
        while let child = cmark_node_first_child(node) { cmark_node_append_child(wrapper, child) }
        if cmark_node_replace(node, wrapper) == 1 { cmark_node_free(node) } else { cmark_node_free(wrapper) }
    }

    /// A heading as a paragraph of strong text.
    func boldParagraph(_ heading: OpaquePointer) {
        guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH), let strong = cmark_node_new(CMARK_NODE_STRONG)
        else { return }
        while let child = cmark_node_first_child(heading) { cmark_node_append_child(strong, child) }
        cmark_node_append_child(paragraph, strong)
        if cmark_node_replace(heading, paragraph) == 1 { cmark_node_free(heading) } else { cmark_node_free(paragraph) }
    }

    /// Puts `nodes` (siblings, in order) inside one block of the tool's own (`enter`, `exit`),
    /// where the first of them stood.
    @discardableResult
    func wrapBlocks(_ nodes: [OpaquePointer], enter: String, exit: String) -> OpaquePointer? {
        guard let first = nodes.first, let wrapper = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return nil }
        cmark_node_set_on_enter(wrapper, enter)
        cmark_node_set_on_exit(wrapper, exit)
        guard cmark_node_insert_before(first, wrapper) == 1 else {
            cmark_node_free(wrapper)
            return nil
        }
        for node in nodes { cmark_node_append_child(wrapper, node) }
        return wrapper
    }

    /// A node's following siblings up to (not including) the first that `stop` accepts.
    static func siblings(after node: OpaquePointer, until stop: (OpaquePointer) -> Bool) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var next = cmark_node_next(node)
        while let current = next, !stop(current) {
            found.append(current)
            next = cmark_node_next(current)
        }
        return found
    }

    static func url(of node: OpaquePointer) -> String {
        cmark_node_get_url(node).map { String(cString: $0) } ?? ""
    }

    /// A paragraph's text when it is one text node and nothing else.
    static func soleText(of paragraph: OpaquePointer) -> String? {
        guard let child = cmark_node_first_child(paragraph), cmark_node_next(child) == nil,
            cmark_node_get_type(child) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(child)
        else { return nil }
        return String(cString: literal)
    }
}
