import Foundation

/// The last closed quarter against the one before and the same quarter a year earlier, as the
/// R-Ladies quarterly report reads it: events and active groups, the groups new, returning,
/// continuing and gone inactive (named), events by region, the busiest groups. Pure; a network
/// event counts once in the event totals and once for each group that hosted it.
package struct QuarterReview: Sendable {
    package struct Quarter: Sendable {
        package var label: String
        package var start: Date
        package var end: Date
        package var entries: [RecordEntry] = []
        /// Events per group key, and each group's name and urlname.
        package var groups: [String: (name: String, urlname: String?, events: Int)] = [:]

        package var events: Int { entries.count }
    }

    /// The quarter reviewed, the one before, the same one a year earlier.
    package let current: Quarter
    package let previous: Quarter
    package let yearEarlier: Quarter
    /// Each group's first event in the record.
    private let firstEvents: [String: Date]
    private let calendar: Calendar

    package init(entries: [RecordEntry], now: Date, zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month], from: now)
        let month = ((parts.month ?? 1) - 1) / 3 * 3 + 1
        let thisQuarter = calendar.date(from: DateComponents(year: parts.year, month: month)) ?? now
        func quarter(back: Int) -> Quarter {
            let start = calendar.date(byAdding: .month, value: -3 * back, to: thisQuarter) ?? thisQuarter
            let end = calendar.date(byAdding: .month, value: 3, to: start) ?? start
            let parts = calendar.dateComponents([.year, .month], from: start)
            return Quarter(label: "\(parts.year ?? 0) Q\(((parts.month ?? 1) - 1) / 3 + 1)", start: start, end: end)
        }
        var quarters = [quarter(back: 1), quarter(back: 2), quarter(back: 5)]
        var first: [String: Date] = [:]
        for entry in entries {
            let date = entry.event.start.date
            for group in entry.groups { if let key = group.key { first[key] = min(first[key] ?? date, date) } }
            for index in quarters.indices where quarters[index].start <= date && date < quarters[index].end {
                quarters[index].entries.append(entry)
                for group in entry.groups {
                    guard let key = group.key else { continue }
                    quarters[index].groups[key, default: (group.name, group.urlname, 0)].events += 1
                }
            }
        }
        (current, previous, yearEarlier) = (quarters[0], quarters[1], quarters[2])
        firstEvents = first
        self.calendar = calendar
    }

    /// A quarter's events in a format (in person, online, hybrid).
    package func count(_ format: EventsSummary.Format, in quarter: Quarter) -> Int {
        quarter.entries.filter { EventsSummary.Format($0) == format }.count
    }

    /// The quarter's three months and their events.
    package var months: [(label: String, count: Int)] {
        (0..<3).compactMap { offset in
            guard let start = calendar.date(byAdding: .month, value: offset, to: current.start),
                let end = calendar.date(byAdding: .month, value: 1, to: start)
            else { return nil }
            let parts = calendar.dateComponents([.year, .month], from: start)
            return (
                String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0),
                current.entries.filter { $0.event.start.date >= start && $0.event.start.date < end }.count
            )
        }
    }

    /// The quarter's events per day of the week where they took place, Monday first.
    package var weekdays: [Int] { EventsSummary.weekdays(current.entries) }

    /// The change from `before` to `now`, in percent; nil when there was nothing before.
    package static func change(_ now: Int, from before: Int) -> Double? {
        before == 0 ? nil : Double(now - before) * 100 / Double(before)
    }

    /// A named group of the review.
    package struct Named: Sendable, Equatable {
        package var key: String
        package var name: String
        package var urlname: String?
        package var events: Int
    }

    private func named(_ keys: some Sequence<String>, in quarter: Quarter) -> [Named] {
        keys.compactMap { key in
            quarter.groups[key].map { Named(key: key, name: $0.name, urlname: $0.urlname, events: $0.events) }
        }.sorted { ($1.events, $0.name) < ($0.events, $1.name) }
    }

    /// Their first event in the record in the quarter.
    package var newGroups: [Named] {
        named(current.groups.keys.filter { (firstEvents[$0] ?? .distantPast) >= current.start }, in: current)
    }

    /// Active again: none in the quarter before, but events before that.
    package var returningGroups: [Named] {
        named(
            current.groups.keys.filter {
                previous.groups[$0] == nil && (firstEvents[$0] ?? .distantFuture) < previous.start
            }, in: current)
    }

    /// Active in both quarters.
    package var continuingGroups: [Named] {
        named(current.groups.keys.filter { previous.groups[$0] != nil }, in: current)
    }

    /// Active in the quarter before, not in this one (named with the events they had then).
    package var nowInactiveGroups: [Named] {
        named(previous.groups.keys.filter { current.groups[$0] == nil }, in: previous)
    }

    /// The busiest groups of the quarter.
    package var busiest: [Named] { named(current.groups.keys, in: current) }

    /// The quarter's events per world region (in person), and online ones as "Online".
    package var regions: [(name: String, events: Int)] { RecordReports.eventsPerRegion(current.entries) }
}

extension RecordReports {
    /// The last closed quarter reviewed.
    package var quarterReview: QuarterReview { QuarterReview(entries: entries, now: now, zone: zone) }
}
