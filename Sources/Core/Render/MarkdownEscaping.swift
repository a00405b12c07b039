import Foundation
import Mustache
import MeetupSupport

/// Escaping for untrusted text placed in Markdown: only what Markdown would read as
/// syntax is backslash-escaped, so the `.md` pages read as text ("Rust & Swift: 52.5, 13.4"
/// stays as it is) while no value can open a link, emphasis, code, raw HTML, an entity or a
/// block. Always: `\` `` ` `` `*` `_` `[` `]` `<` `#`; `&` before a letter or `#` (an
/// entity); and at the start of a value, where a block could begin: `-` `+` `=` `>` `~` and the
/// `.` or `)` after leading digits (an ordered list). cmark then turns the text back into
/// exactly what the API sent, HTML-escaped. Tests render each case at the start of a line,
/// in a heading and mid-line.
package enum MarkdownEscaping {
    private static let always = Set("\\`*_[]<#".unicodeScalars)
    private static let blockStarters = Set("-+=>~".unicodeScalars)

    package static func text(_ text: String) -> String {
        let scalars = Array(TextCleaning.singleLine(text).unicodeScalars)
        var escaped = String.UnicodeScalarView()
        var leadingDigits = true
        for (index, scalar) in scalars.enumerated() {
            var needs = always.contains(scalar)
            if scalar == "&", index + 1 < scalars.count {
                let next = scalars[index + 1]
                needs = next == "#" || (next.isASCII && next.properties.isAlphabetic)
            }
            if index == 0 && blockStarters.contains(scalar) { needs = true }
            if leadingDigits && index > 0 && (scalar == "." || scalar == ")") { needs = true }
            if !("0"..."9").contains(scalar) { leadingDigits = false }
            if needs { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }

    /// A link destination in angle brackets, percent-encoding anything that could
    /// end it early. Returns nil for anything but http(s), so `javascript:` never links.
    package static func linkDestination(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        var encoded = ""
        for byte in url.absoluteString.utf8 {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: " "), UInt8(ascii: "\""),
                UInt8(ascii: "`"), 0..<0x20, 0x7F...:
                encoded += String(format: "%%%02X", byte)
            default:
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "<\(encoded)>"
    }

    /// Registers the `MARKDOWN` content type, so `{{value}}` in templates that start
    /// with `{{% CONTENT_TYPE: MARKDOWN}}` is Markdown-escaped rather than HTML-escaped.
    package static func registerContentType() {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
    }

    private struct MarkdownContentType: MustacheContentType {
        func escapeText(_ text: String) -> String { MarkdownEscaping.text(text) }
    }
}
