import Foundation

/// What a query's id may be, and how one is made from words: the config's rule and the
/// ids `discover` prints are the same rule, so a printed query always loads.
package enum QueryID {
    /// The longest id: ids name files and folders of the site.
    package static let maximumLength = 63

    /// A slug of lowercase ASCII letters, digits and dashes, starting with a letter or digit.
    package static func isValid(_ id: String) -> Bool {
        guard let first = id.utf8.first, id.utf8.count <= maximumLength, isLetterOrDigit(first) else { return false }
        return id.utf8.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }
    }

    /// `words` as a slug of at most `maxLength` characters: transliterated to ASCII (ICU's
    /// Any-Latin and Latin-ASCII transforms: "München" is "munchen", "Москва" "moskva"),
    /// lowercased, every run of other characters one dash; empty when nothing is left.
    package static func slug(_ words: String, maxLength: Int = maximumLength) -> String {
        let latin = words.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? words
        var slug = ""
        var pendingDash = false
        for byte in latin.lowercased().utf8 {
            guard isLetterOrDigit(byte) else {
                pendingDash = !slug.isEmpty
                continue
            }
            if pendingDash { slug.append("-") }
            pendingDash = false
            slug.unicodeScalars.append(Unicode.Scalar(byte))
        }
        let cut = slug.prefix(maxLength)
        return String(cut.last == "-" ? cut.dropLast() : cut)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
