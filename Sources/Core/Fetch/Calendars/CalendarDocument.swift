import Foundation

/// Whether an answer is a whole iCalendar document before it may replace a feed's last good
/// copy: a server that answers 200 with an HTML page (a login wall, an error page) or a body cut
/// short is a failed fetch, not tonight's calendar (RFC 5545 §3.4: a stream of `VCALENDAR`
/// objects, each from `BEGIN:VCALENDAR` to `END:VCALENDAR`).
enum CalendarDocument {
    /// Nil for a whole document, else what the body is instead (for the warning).
    static func problem(with data: Data) -> String? {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard text.starts(with: Array("BEGIN:VCALENDAR".utf8)) else {
            let head = String(decoding: text.prefix(200), as: UTF8.self).lowercased()
            let kind =
                head.contains("<html") || head.contains("<!doctype") ? "an HTML page" : "not an iCalendar document"
            return "the answer is \(kind), not a calendar (\(data.count) bytes)"
        }
        var end = text.endIndex
        while end > text.startIndex, [0x20, 0x09, 0x0D, 0x0A].contains(text[text.index(before: end)]) {
            end = text.index(before: end)
        }
        guard text[..<end].reversed().starts(with: Array("END:VCALENDAR".utf8).reversed()) else {
            return "the calendar is cut short (no END:VCALENDAR after \(data.count) bytes)"
        }
        return nil
    }
}
