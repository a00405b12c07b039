import Foundation

/// Normalises untrusted text for display. Escaping happens later, per output
/// format; this only removes what no format should carry. Both functions run
/// once per event per run (thousands of times), so they scan Unicode scalars
/// directly instead of using regular expressions or CharacterSet lookups.
package enum TextCleaning {
    /// One line: control and invisible format characters dropped, runs of whitespace collapsed.
    package static func singleLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if isDropped(scalar) { continue }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// Text that may hold HTML or Markdown as one line of plain text: tags removed, entities
    /// and backslash escapes undone, emphasis markers and link targets dropped (raw HTML in a
    /// description, and the words the curation's rules match).
    package static func plainText(_ description: String) -> String {
        let scalars = Array(description.unicodeScalars)
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "<":
                // A tag: skip to its end (or to the end of the text) and leave a space.
                var end = index + 1
                while end < scalars.count, scalars[end] != ">" { end += 1 }
                text.append(" ")
                index = end + 1
                continue
            case "\\"
            where index + 1 < scalars.count && scalars[index + 1].isASCII && isPunctuation(scalars[index + 1]):
                text.append(scalars[index + 1])
                index += 2
                continue
            case "&":
                if let (decoded, length) = entity(at: index, in: scalars) {
                    text.append(decoded)
                    index += length
                    continue
                }
            case "*" where index + 1 < scalars.count && scalars[index + 1] == "*",
                "_" where index + 1 < scalars.count && scalars[index + 1] == "_":
                // Bold markers; a single `*` or `_` is kept (bullets, snake_case).
                index += 2
                continue
            case "[":
                index += 1
                continue
            case "]" where index + 1 < scalars.count && scalars[index + 1] == "(":
                var end = index + 2
                while end < scalars.count, scalars[end] != ")" { end += 1 }
                index = end + 1
                continue
            default:
                break
            }
            text.append(scalar)
            index += 1
        }
        return singleLine(String(text))
    }

    /// `text` cut to at most `maxLength` characters at a word boundary, with an ellipsis.
    package static func truncated(_ text: String, maxLength: Int) -> String {
        guard text.count > maxLength else { return text }
        let cut = text.prefix(maxLength)
        let boundary = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return boundary.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:.-")) + "…"
    }

    /// A character reference at `index` (`&eacute;`, `&#8217;`, `&#x1F600;`, and
    /// `&apos;` from XML), as the scalar and its length; nil when it is not one, so
    /// the `&` stays literal. Invalid code points become U+FFFD, as HTML parsers do.
    private static func entity(at index: Int, in scalars: [Unicode.Scalar]) -> (Unicode.Scalar, Int)? {
        // The longest HTML 4 name is 8 letters; numbers need at most 8 digits.
        var end = index + 1
        while end < scalars.count, end - index <= 10, scalars[end] != ";" { end += 1 }
        guard end < scalars.count, scalars[end] == ";", end > index + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
        let length = end - index + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value else { return nil }
            return (value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }
        if body == "apos" { return ("'", length) }
        return HTMLEntities.byName[body].map { ($0, length) }
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// C0/C1 controls and invisible format characters (bidi overrides, zero-width
    /// spaces), except the joiner and variation selectors emoji need.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        guard value >= 0xAD else { return false }
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) { return false }
        return scalar.properties.generalCategory == .format
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }
}
