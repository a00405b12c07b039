import Foundation

/// A group's own year so far, for its page: what a chapter lead pastes into a newsletter. This
/// year's past events and people going against last year's to the end of the same month (so
/// the page changes with the month, not with every night), and its busiest months.
package struct GroupYear: Sendable, Equatable, Encodable {
    package var year: Int
    /// The last month counted ("November"), this year's and last year's alike.
    package var throughMonth: Int
    package var events: Int
    package var going: Int
    package var eventsLastYear: Int
    package var goingLastYear: Int
    /// This year's months by events, busiest first (then earliest), those with any.
    package var busiestMonths: [MonthCount]

    /// A month of the year (1 to 12) and its events.
    package struct MonthCount: Sendable, Equatable, Encodable {
        package var month: Int
        package var events: Int
    }

    /// - Parameter past: the group's past events (cancelled ones are left out here).
    package init?(past: [ArchivedEvent], now: Date, zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.dateComponents([.year, .month], from: now)
        guard let year = today.year, let month = today.month else { return nil }
        (self.year, throughMonth) = (year, month)
        (events, going, eventsLastYear, goingLastYear) = (0, 0, 0, 0)
        var months: [Int: Int] = [:]
        for event in past where !event.isCancelled && event.start.date <= now {
            let parts = calendar.dateComponents([.year, .month], from: event.start.date)
            guard let eventMonth = parts.month, eventMonth <= month else { continue }
            if parts.year == year {
                events += 1
                going += event.going ?? 0
                months[eventMonth, default: 0] += 1
            } else if parts.year == year - 1 {
                eventsLastYear += 1
                goingLastYear += event.going ?? 0
            }
        }
        guard events + eventsLastYear > 0 else { return nil }
        busiestMonths = months.map { MonthCount(month: $0.key, events: $0.value) }.sorted {
            ($1.events, $0.month) < ($0.events, $1.month)
        }
    }
}
