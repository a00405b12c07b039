import Foundation

/// Normalises untrusted text for display. Escaping happens later, per output
/// format; this only removes what no format should carry. Both functions run
/// once per event per run (thousands of times), so they scan UTF-8 bytes and
/// Unicode scalars directly instead of using regular expressions or CharacterSet
/// lookups, and gather their result as bytes.
package enum TextCleaning {
    /// One line: control and invisible format characters dropped, runs of whitespace collapsed.
    package static func singleLine(_ text: String) -> String {
        // Over UTF-8 bytes, a scalar decoded only where a byte is not ASCII: scalar by scalar, it
        // was 58 ms of the 220 ms that W2's changed night spent making its changed shard's 1,428
        // search records (perf), before Pagefind could start.
        var text = text
        return text.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte > 0x20, byte < 0x7F {  // printable ASCII, most of every text
                    if pendingSpace {
                        result.append(0x20)
                        pendingSpace = false
                    }
                    result.append(byte)
                    index += 1
                    continue
                }
                let (scalar, length) = decodedScalar(in: bytes, at: index)
                defer { index += length }
                if isWhitespace(scalar) {
                    pendingSpace = !result.isEmpty
                    continue
                }
                if isDropped(scalar) { continue }
                if pendingSpace {
                    result.append(0x20)
                    pendingSpace = false
                }
                result.append(contentsOf: bytes[index..<index + length])
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// `text` without the characters no output may carry: C0 controls but tab, line feed and
    /// carriage return, DEL, C1 controls and noncharacters (HTML forbids them in a document, XML
    /// 1.0 in any text, and a terminal runs them). The model's text is made of this only
    /// (`Event`, `Venue`, `EventGroup`), so every page, feed, calendar and post gets clean text
    /// whichever writer it goes through. Text without any (almost all) is returned as it is,
    /// after one pass over its bytes.
    package static func withoutControlCharacters(_ text: String) -> String {
        guard holdsForbidden(text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isForbidden(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// `withoutControlCharacters` of an optional text.
    package static func withoutControlCharacters(_ text: String?) -> String? {
        text.map { withoutControlCharacters($0) }
    }

    /// Whether `text` holds a forbidden character, from its UTF-8 bytes alone (a String's bytes are
    /// well formed): a C0 control but tab and line breaks, DEL; C2 80–9F (C1); EF B7 90–AF
    /// (U+FDD0–FDEF); EF BF BE–BF (U+FFFE–FFFF); a 4-byte sequence ending xF BF BE–BF (the
    /// planes' U+nFFFE–nFFFF). No-break spaces, middle dots and emoji, common in event text,
    /// stay on this one pass.
    static func holdsForbidden(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 {
                    if byte != 0x09 && byte != 0x0A && byte != 0x0D { return true }
                } else if byte == 0x7F {
                    return true
                } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    return true
                } else if byte == 0xEF, index + 2 < bytes.count {
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    if second == 0xB7, (0x90...0xAF).contains(third) { return true }
                    if second == 0xBF, third == 0xBE || third == 0xBF { return true }
                } else if byte >= 0xF0, index + 3 < bytes.count {
                    let (second, third, fourth) = (bytes[index + 1], bytes[index + 2], bytes[index + 3])
                    if second & 0x0F == 0x0F, third == 0xBF, fourth == 0xBE || fourth == 0xBF { return true }
                }
                index += 1
            }
            return false
        }
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A, 0x0D: return false
        case 0..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF: return true
        default: return value & 0xFFFE == 0xFFFE
        }
    }

    /// The scalar whose UTF-8 sequence starts at `index`, and that sequence's length (the
    /// standard library's parser: a String's bytes are well formed).
    private static func decodedScalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        var parser = Unicode.UTF8.ForwardParser()
        var rest = bytes[index...].makeIterator()
        guard case .valid(let encoded) = parser.parseScalar(from: &rest) else { return ("\u{FFFD}", 1) }
        return (Unicode.UTF8.decode(encoded), encoded.count)
    }

    /// Text that may hold HTML or Markdown as one line of plain text: tags removed, entities
    /// and backslash escapes undone, emphasis markers and link targets dropped (raw HTML in a
    /// description, and the words the curation's rules match).
    /// On UTF-8 bytes: every mark it looks for is ASCII, which never occurs inside a longer
    /// sequence (as scalars appended one by one to a String it was the largest part of the
    /// curation's words, a tenth of a warm W2 snapshot night under `perf`).
    package static func plainText(_ description: String) -> String {
        let bytes = Array(description.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        func next(_ index: Int) -> UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }
        func skip(from index: Int, to delimiter: UInt8) -> Int {
            var end = index
            while end < bytes.count, bytes[end] != delimiter { end += 1 }
            return end + 1
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                // A tag: skip to its end (or to the end of the text) and leave a space.
                text.append(0x20)
                index = skip(from: index + 1, to: UInt8(ascii: ">"))
                continue
            case UInt8(ascii: "\\") where next(index).map(isPunctuation) == true:
                text.append(bytes[index + 1])
                index += 2
                continue
            case UInt8(ascii: "&"):
                if let (decoded, length) = entity(at: index, in: bytes) {
                    text.append(contentsOf: decoded.utf8)
                    index += length
                    continue
                }
            case UInt8(ascii: "*") where next(index) == UInt8(ascii: "*"),
                UInt8(ascii: "_") where next(index) == UInt8(ascii: "_"):
                // Bold markers; a single `*` or `_` is kept (bullets, snake_case).
                index += 2
                continue
            case UInt8(ascii: "["):
                index += 1
                continue
            case UInt8(ascii: "]") where next(index) == UInt8(ascii: "("):
                index = skip(from: index + 2, to: UInt8(ascii: ")"))
                continue
            default:
                break
            }
            text.append(byte)
            index += 1
        }
        return singleLine(String(decoding: text, as: UTF8.self))
    }

    /// `text` cut to at most `maxLength` characters at a word boundary, with an ellipsis.
    package static func truncated(_ text: String, maxLength: Int) -> String {
        // No more bytes than the limit: no more characters either. Else walk to the limit only:
        // counting every character of each description was 1 % of a W2 night's CPU (perf).
        guard text.utf8.count > maxLength,
            let limit = text.index(text.startIndex, offsetBy: maxLength, limitedBy: text.endIndex),
            limit < text.endIndex
        else { return text }
        let cut = text[..<limit]
        let boundary = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return trimmed(boundary) { " ,;:.-".unicodeScalars.contains($0) } + "…"
    }

    /// `text` without the leading and trailing scalars `drop` picks, looking only at its ends.
    /// Foundation's `trimmingCharacters(in:)` goes through NSString on Linux: trimming each
    /// feed excerpt that way was 0.33 s of CPU on a W2 snapshot night under `perf` (with the
    /// URLs' and venues' trimming at fetch, 0.5 s); this is too little to show there.
    package static func trimmed(_ text: some StringProtocol, where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(text).unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, drop(scalars[start]) { start = scalars.index(after: start) }
        while start < end {
            let last = scalars.index(before: end)
            guard drop(scalars[last]) else { break }
            end = last
        }
        return String(Substring(scalars[start..<end]))
    }

    /// `text` without leading and trailing whitespace and line breaks (as `.whitespacesAndNewlines`).
    package static func trimmedWhitespace(_ text: some StringProtocol) -> String {
        trimmed(text) { isWhitespace($0) }
    }

    /// A character reference at `index` (`&eacute;`, `&#8217;`, `&#x1F600;`, and
    /// `&apos;` from XML), as the scalar and its length; nil when it is not one, so
    /// the `&` stays literal. Invalid code points become U+FFFD, as HTML parsers do.
    private static func entity(at index: Int, in bytes: [UInt8]) -> (Unicode.Scalar, Int)? {
        // The longest HTML 4 name is 8 letters; numbers need at most 8 digits.
        var end = index + 1
        while end < bytes.count, end - index <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1 else { return nil }
        let body = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
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

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }
}
