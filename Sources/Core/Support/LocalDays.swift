import Foundation

/// Calendar days in one time zone by arithmetic: an instant's day is its seconds plus the zone's
/// offset, in whole days since 1970-01-01, and a day's year, month and day come from that number
/// (the proleptic Gregorian calendar, as `Calendar(identifier: .gregorian)`). Foundation's
/// calendar answers each question through ICU: `isDate(_:inSameDayAs:)` and
/// `dateComponents` for W2's lists were a quarter of a next night's render (perf), every night.
///
/// The zone is asked for its offset once per hour of time an instant falls in, at both ends of
/// that hour; where they differ (the hour of a transition) it is asked for the instant itself.
/// Exact as long as a zone never changes its offset twice within an hour. Not thread-safe:
/// one per list or per thread.
package final class LocalDays {
    package let zone: TimeZone
    /// The offset at the start and at the end of each hour asked about, by hours since 1970.
    private var hours: [Int: (start: Int, end: Int)] = [:]

    package init(_ zone: TimeZone) { self.zone = zone }

    /// The zone's offset from UTC at `date`, in seconds.
    package func offset(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        let hour = Int((seconds / 3_600).rounded(.down))
        let ends: (start: Int, end: Int)
        if let known = hours[hour] {
            ends = known
        } else {
            let start = Double(hour) * 3_600
            ends = (
                zone.secondsFromGMT(for: Date(timeIntervalSince1970: start)),
                zone.secondsFromGMT(for: Date(timeIntervalSince1970: start + 3_599))
            )
            hours[hour] = ends
        }
        return ends.start == ends.end ? ends.start : zone.secondsFromGMT(for: date)
    }

    /// The local day `date` falls on, as days since 1970-01-01 (negative before).
    package func day(of date: Date) -> Int {
        Int(((date.timeIntervalSince1970 + Double(offset(at: date))) / 86_400).rounded(.down))
    }

    /// The local year, month (1-12) and day of the month of `date`.
    package func components(of date: Date) -> (year: Int, month: Int, day: Int) {
        Self.civil(day(of: date))
    }

    /// `2026-12`: the local month of `date`.
    package func monthKey(of date: Date) -> String {
        let parts = components(of: date)
        return Self.padded(parts.year, 4) + "-" + Self.padded(parts.month, 2)
    }

    /// `0042` for (42, 4), as `%04d` writes a year (not through `String(format:)`).
    package static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(abs(number))
        let zeros = String(repeating: "0", count: max(0, width - digits.count - (number < 0 ? 1 : 0)))
        return (number < 0 ? "-" : "") + zeros + digits
    }

    /// The year, month and day of a day number (`ISO8601.civilFromDays`).
    package static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        ISO8601.civilFromDays(days)
    }
}
