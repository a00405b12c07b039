import Foundation

/// HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate every server sends, and the two
/// obsolete forms recipients must still accept. Foundation's `Date.HTTPFormatStyle`
/// is not in the Linux toolchain here (Swift 6.3), hence this small parser.
package enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ]

    package static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // A formatter per call: dates are parsed a few times per run, and
        // DateFormatter is not safe to share across the threads that call this.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}
