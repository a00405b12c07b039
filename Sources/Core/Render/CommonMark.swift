import CCmark
import Foundation

/// Markdown to HTML with libcmark. Raw HTML in the input is never passed through
/// (cmark's safe default, no CMARK_OPT_UNSAFE): even if escaping upstream missed
/// something, no tag from the data can reach a page.
package enum CommonMark {
    package static func html(from markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        guard
            let rendered = bytes.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        cmark_markdown_to_html($0, buffer.count, options)
                    }
                }
            })
        else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
