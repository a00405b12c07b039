import Foundation
import MeetupSupport

extension Event {
    /// A whole-day event's days as calendar dates: its first, and the day after its last (what
    /// iCalendar's `DTEND;VALUE=DATE` says), each read in its own UTC offset, since across a
    /// daylight-saving change a day is 23 or 25 hours and the end's offset is not the start's.
    /// Each day is given as 00:00 UTC of that date, so a day is 86,400 seconds between them and a
    /// formatter in UTC prints the date.
    package var allDayDays: (first: Date, dayAfterLast: Date) {
        let first = Self.utcMidnight(of: start)
        guard let end, end.date > start.date else { return (first, first.addingTimeInterval(86_400)) }
        let after = Self.utcMidnight(of: end)
        return (first, after > first ? after : first.addingTimeInterval(86_400))
    }

    /// The last day of a whole-day event that lasts several days (00:00 UTC of that date), else nil.
    package var allDayLastDay: Date? {
        let days = allDayDays
        let last = days.dayAfterLast.addingTimeInterval(-86_400)
        return last > days.first ? last : nil
    }

    private static func utcMidnight(of zoned: ZonedDate) -> Date {
        let local = zoned.date.timeIntervalSince1970 + Double(zoned.utcOffsetSeconds)
        return Date(timeIntervalSince1970: (local / 86_400).rounded(.down) * 86_400)
    }
}
