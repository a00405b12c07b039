import Foundation

/// Normalises untrusted text for display. Escaping happens later, per output
/// format; this only removes what no format should carry.
public enum TextCleaning {
    /// One line: control characters dropped, runs of whitespace collapsed.
    public static func singleLine(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if CharacterSet.whitespacesAndNewlines.contains(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if CharacterSet.controlCharacters.contains(scalar) || scalar.properties.generalCategory == .format
                && scalar != "\u{200D}" && scalar != "\u{FE0F}" {
                continue
            }
            if pendingSpace { result.append(" "); pendingSpace = false }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// A plain-text excerpt of a description that may hold HTML or Markdown:
    /// tags removed, entities and backslash escapes undone, cut at a word boundary.
    public static func excerpt(_ description: String, maxLength: Int = 240) -> String {
        var text = description.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\\([!-/:-@\[-`{-~])"#, with: "$1", options: .regularExpression)
        for (entity, character) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        text = text.replacingOccurrences(of: #"(\*\*|__|\[|\]\([^)]*\))"#, with: "", options: .regularExpression)
        let line = singleLine(text)
        guard line.count > maxLength else { return line }
        let cut = line.prefix(maxLength)
        let boundary = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return boundary.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:.-")) + "…"
    }
}
