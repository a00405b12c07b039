import Foundation

/// CSV for spreadsheets (RFC 4180): fields with a comma, quote or line break are quoted, and a
/// field a spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return; event text is untrusted) gets a leading `'`, so it stays text.
enum CSV {
    static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows.map { $0.map(number) }).map { $0.map(field).joined(separator: ",") }
            .joined(separator: "\r\n") + "\r\n"
    }

    /// A figure as the page shows it ("1,001", "12 %") as a spreadsheet reads a number ("1001",
    /// "12"); anything else as it is.
    static func number(_ cell: String) -> String {
        let bare = cell.hasSuffix(" %") ? String(cell.dropLast(2)) : cell
        let digits = bare.replacingOccurrences(of: ",", with: "")
        return !digits.isEmpty && Double(digits) != nil && bare.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." })
            ? digits : cell
    }

    static func field(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
            Double(text) == nil
        {
            text = "'" + text
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
