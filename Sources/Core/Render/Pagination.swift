import Foundation
import MeetupModel
import MeetupSupport

/// Long lists in pages: a query page or a month of All events shows at most
/// `eventsPerPage` events (found at W1 size: a month page of 703 events was 1.47 MB of
/// HTML; with 0.5-2 KB descriptions a query page's event weighs about 2.5 KB, its
/// description twice (excerpt and More) and once more in its Google Calendar link, so
/// 60 a page stays near 150 KB, under the 300 KB check-layout allows), whole days kept together; a day with more events than a page fills pages of
/// its own. Page 1 keeps the list's path (`queries/rust.html`), later pages add their
/// number (`queries/rust.2.html`: a dot, which no query id has, so no path is taken twice).
package enum Pagination {
    package static let eventsPerPage = 60

    /// The events (in order) cut into pages.
    package static func pages(_ ordered: [Event], timeZone: TimeZone, size: Int = eventsPerPage) -> [[Event]] {
        let days = LocalDays(timeZone)
        var pages: [[Event]] = []
        var current: [Event] = []
        var day: [Event] = []
        var dayNumber = Int.min
        func closeDay() {
            if !current.isEmpty, current.count + day.count > size {
                pages.append(current)
                current = []
            }
            while day.count > size {
                pages.append(Array(day.prefix(size)))
                day.removeFirst(size)
            }
            current += day
            day = []
        }
        for event in ordered {
            let number = days.day(of: event.start.date)
            if !day.isEmpty, number != dayNumber { closeDay() }
            dayNumber = number
            day.append(event)
        }
        closeDay()
        if !current.isEmpty || pages.isEmpty { pages.append(current) }
        return pages
    }

    /// A page's site path without suffix.
    package static func path(_ base: String, page: Int) -> String { page <= 1 ? base : "\(base).\(page)" }

    /// On which page each event of the list stands.
    package static func pageNumbers(_ ordered: [Event], timeZone: TimeZone, size: Int = eventsPerPage) -> [String: Int]
    {
        var numbers: [String: Int] = [:]
        for (index, page) in pages(ordered, timeZone: timeZone, size: size).enumerated() {
            for event in page { numbers[event.id] = index + 1 }
        }
        return numbers
    }
}
