import Foundation

/// How the groups of a record are doing, as the R-Ladies global team reads its chapters: who is
/// active in a recent window, who has gone inactive and for how long, who is busiest, how
/// activity is trending, and how a group's age meets its activity. Pure; a network event
/// counts once in the event totals and once for each group that hosted it.
package struct ChapterHealth: Sendable {
    package struct Group: Sendable, Equatable {
        package var key: String
        package var name: String
        package var urlname: String?
        package var first: Date
        package var last: Date
        package var events: Int
        /// Events in the window.
        package var recent: Int
    }

    package enum Maturity: String, CaseIterable, Sendable {
        case new = "Under 6 months", growing = "6 to 24 months", established = "Over 2 years"
    }

    package enum Activity: String, CaseIterable, Sendable {
        case none = "No event", few = "1–2 events", some = "3–6 events", many = "More than 6"

        init(_ events: Int) {
            self = events == 0 ? .none : events <= 2 ? .few : events <= 6 ? .some : .many
        }
    }

    package let windowMonths: Int
    /// Every group with a past event in the record, busiest in the window first.
    package let groups: [Group]
    /// The last twelve months' events, oldest first; the last month is still under way.
    package let months: [(label: String, count: Int)]
    /// The window: the `windowMonths` months before this one, and this one to date.
    package let window: ReportPeriods.Period
    private let yearAgo: Date
    private let periods: ReportPeriods

    package init(entries: [RecordEntry], now: Date, zone: TimeZone, windowMonths: Int, names: [String: String] = [:]) {
        let periods = ReportPeriods(now: now, zone: zone)
        self.periods = periods
        self.windowMonths = windowMonths
        let window = periods.monthsToDate(windowMonths)
        self.window = window
        yearAgo = periods.monthsToDate(12).start
        var byKey: [String: Group] = [:]
        for entry in entries {
            let date = entry.event.start.date
            for group in entry.groups {
                guard let key = group.key else { continue }
                var item =
                    byKey[key]
                    ?? Group(
                        key: key, name: names[key] ?? group.name, urlname: group.urlname, first: date, last: date,
                        events: 0, recent: 0)
                item.first = min(item.first, date)
                item.last = max(item.last, date)
                item.events += 1
                if date >= window.start { item.recent += 1 }
                byKey[key] = item
            }
        }
        groups = byKey.values.sorted { ($1.recent, $1.events, $0.name) < ($0.recent, $0.events, $1.name) }
        months = Self.months(entries, periods: periods)
    }

    private static func months(_ entries: [RecordEntry], periods: ReportPeriods) -> [(String, Int)] {
        let months = periods.periods(count: 12, months: 1)
        return zip(months, periods.entries(entries, in: months)).map { ($0.label, $1.count) }
    }

    package var active: [Group] { groups.filter { $0.recent > 0 } }
    /// No event in the window, the last within the twelve months before this one.
    package var inactiveUnderAYear: [Group] { inactive.filter { $0.last >= yearAgo } }
    /// No event in this month or the twelve before.
    package var inactiveOverAYear: [Group] { inactive.filter { $0.last < yearAgo } }
    private var inactive: [Group] { groups.filter { $0.recent == 0 }.sorted { $0.last > $1.last } }

    /// A share of all groups, in percent.
    package func share(_ count: Int) -> Double { groups.isEmpty ? 0 : Double(count) * 100 / Double(groups.count) }

    /// Calendar months from a group's last event to now (so the figure moves with the month).
    package func monthsSince(_ date: Date) -> Int { periods.monthsSince(date) }

    /// The median and mean events in the window of the groups active in it.
    package var medianPerActive: Double? { RecordReports.median(active.map(\.recent)) }
    package var meanPerActive: Double? {
        active.isEmpty ? nil : Double(active.map(\.recent).reduce(0, +)) / Double(active.count)
    }

    /// Events a month gained (or lost) each month over the eleven finished months: a
    /// least-squares slope, the month under way left out.
    package var trendPerMonth: Double? {
        let finished = months.dropLast().map { Double($0.count) }
        guard finished.count >= 2 else { return nil }
        let xs = finished.indices.map(Double.init)
        let (meanX, meanY) = (xs.reduce(0, +) / Double(xs.count), finished.reduce(0, +) / Double(finished.count))
        let covariance = zip(xs, finished).map { ($0 - meanX) * ($1 - meanY) }.reduce(0, +)
        let variance = xs.map { ($0 - meanX) * ($0 - meanX) }.reduce(0, +)
        return covariance / variance
    }

    /// A group's age from its first event in the record.
    package func maturity(of group: Group) -> Maturity {
        let months = monthsSince(group.first)
        return months < 6 ? .new : months <= 24 ? .growing : .established
    }

    /// Groups by age (rows) and by events in the window (columns).
    package var maturityAgainstActivity: [Maturity: [Activity: Int]] {
        var table: [Maturity: [Activity: Int]] = [:]
        for group in groups { table[maturity(of: group), default: [:]][Activity(group.recent), default: 0] += 1 }
        return table
    }
}

extension RecordReports {
    /// The record's groups' health over the last `windowMonths`; `names` gives a group's
    /// current name by its key (the record's groups), where an event kept an older one.
    package func health(windowMonths: Int = 6, names: [String: String] = [:]) -> ChapterHealth {
        ChapterHealth(entries: entries, now: now, zone: zone, windowMonths: windowMonths, names: names)
    }
}
