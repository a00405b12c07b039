import Foundation

/// The months and quarters the record's reports count in, in the site's time zone: periods
/// counted back from the one now is in, each labelled as the reports print it ("2026-11",
/// "2026 Q4"). One place, so that every report's "last 12 months" and "2026 Q3" are the same.
package struct ReportPeriods: Sendable {
    package struct Period: Sendable, Equatable {
        package var label: String
        package var start: Date
        package var end: Date
    }

    package let calendar: Calendar
    package let now: Date

    package init(now: Date, zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
        self.now = now
    }

    /// `count` periods of `months` months (1 or 3) ending with the one now is in (`back` 0) or
    /// `back` periods before it, oldest first.
    package func periods(count: Int, months: Int, back: Int = 0) -> [Period] {
        let parts = calendar.dateComponents([.year, .month], from: now)
        let month = ((parts.month ?? 1) - 1) / months * months + 1
        guard let current = calendar.date(from: DateComponents(year: parts.year, month: month)) else { return [] }
        return (back..<(back + count)).reversed().compactMap { offset in
            guard let start = calendar.date(byAdding: .month, value: -offset * months, to: current),
                let end = calendar.date(byAdding: .month, value: months, to: start)
            else { return nil }
            let parts = calendar.dateComponents([.year, .month], from: start)
            let (year, month) = (parts.year ?? 0, parts.month ?? 1)
            let label = months == 3 ? "\(year) Q\((month - 1) / 3 + 1)" : String(format: "%04d-%02d", year, month)
            return Period(label: label, start: start, end: end)
        }
    }

    /// The entries of each period, in the periods' order (an entry after now in none).
    package func entries(_ entries: [RecordEntry], in periods: [Period]) -> [[RecordEntry]] {
        var grouped = [[RecordEntry]](repeating: [], count: periods.count)
        for entry in entries {
            if let index = index(of: entry.event.start.date, in: periods) { grouped[index].append(entry) }
        }
        return grouped
    }

    /// Which of `periods` holds `date`; nil for none, or a date after now.
    package func index(of date: Date, in periods: [Period]) -> Int? {
        guard date <= now, let index = periods.lastIndex(where: { $0.start <= date }), date < periods[index].end
        else { return nil }
        return index
    }

    /// The `months` whole months before the one under way ("the 12 closed months"): a year's
    /// figures that move once a month, not with every night's clock.
    package func closedMonths(_ months: Int) -> Period {
        let closed = periods(count: months, months: 1, back: 1)
        return Period(
            label: "\(closed.first?.label ?? "") to \(closed.last?.label ?? "")", start: closed.first?.start ?? now,
            end: closed.last?.end ?? now)
    }

    /// The `months` whole months before the one under way and that one to now ("active in the last
    /// six months"): never less than `months` months, and its start moves only with the month.
    package func monthsToDate(_ months: Int) -> Period {
        let all = periods(count: months + 1, months: 1)
        return Period(
            label: "\(all.first?.label ?? "") to \(all.last?.label ?? "") (to date)", start: all.first?.start ?? now,
            end: now)
    }

    /// Calendar months from `date`'s month to the month now is in (30 November to 1 December is one).
    package func monthsSince(_ date: Date) -> Int {
        let (from, to) = (
            calendar.dateComponents([.year, .month], from: date), calendar.dateComponents([.year, .month], from: now)
        )
        return ((to.year ?? 0) - (from.year ?? 0)) * 12 + (to.month ?? 0) - (from.month ?? 0)
    }
}
