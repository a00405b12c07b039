import Foundation
import Mustache

/// Escaping for untrusted text placed in Markdown. Every ASCII punctuation
/// character is backslash-escaped (CommonMark allows escaping any of them), so
/// text can never open a link, emphasis, raw HTML or a block; cmark then turns
/// the text back into exactly what the API sent, HTML-escaped.
public enum MarkdownEscaping {
    private static let punctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

    public static func text(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in TextCleaning.singleLine(text).unicodeScalars {
            if punctuation.contains(scalar) { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// A link destination in angle brackets, percent-encoding anything that could
    /// end it early. Returns nil for anything but http(s), so `javascript:` never links.
    public static func linkDestination(_ url: URL) -> String? {
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
    public static func registerContentType() {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
    }

    private struct MarkdownContentType: MustacheContentType {
        func escapeText(_ text: String) -> String { MarkdownEscaping.text(text) }
    }
}
