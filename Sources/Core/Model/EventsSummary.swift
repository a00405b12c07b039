import Foundation

/// The record's events of the last twelve months as the R-Ladies events report reads them: how
/// many, in what format, how long, which days and hours, which months, where. Pure; a network
/// event counts once; days and hours are the event's own (its local time where it took place).
package struct EventsSummary: Sendable {
    package enum Format: String, CaseIterable, Sendable {
        case inPerson = "In person", online = "Online", hybrid = "Hybrid"
    }

    package enum Length: String, CaseIterable, Sendable {
        case underAnHour = "Under an hour", upToTwo = "1 to 2 hours", upToThree = "2 to 3 hours"
        case longer = "Over 3 hours"

        init(_ seconds: TimeInterval) {
            self =
                seconds < 3_600 ? .underAnHour : seconds <= 7_200 ? .upToTwo : seconds <= 10_800 ? .upToThree : .longer
        }
    }

    package enum PartOfDay: String, CaseIterable, Sendable {
        case morning = "Morning (5–12 h)", afternoon = "Afternoon (12–17 h)", evening = "Evening (17–22 h)"
        case night = "Night (22–5 h)"

        init(hour: Int) {
            self =
                (5..<12).contains(hour)
                ? .morning
                : (12..<17).contains(hour)
                    ? .afternoon
                    : (17..<22).contains(hour) ? .evening : .night
        }
    }

    /// The 12 closed months, and their events (a network event once), oldest first.
    package let window: ReportPeriods.Period
    package let events: [RecordEntry]
    /// The 24 months to now, oldest first; the last is still under way.
    package let months: [(label: String, count: Int)]
    /// The eight quarters to now, oldest first, with their online share in percent.
    package let quarters: [(label: String, events: Int, onlineShare: Double)]

    package init(entries: [RecordEntry], now: Date, zone: TimeZone) {
        let periods = ReportPeriods(now: now, zone: zone)
        let window = periods.closedMonths(12)
        self.window = window
        events = entries.filter { $0.event.start.date >= window.start && $0.event.start.date < window.end }
        let months = periods.periods(count: 24, months: 1)
        self.months = zip(months, periods.entries(entries, in: months)).map { ($0.label, $1.count) }
        let quarters = periods.periods(count: 8, months: 3)
        self.quarters = zip(quarters, periods.entries(entries, in: quarters)).map { quarter, entries in
            let online = entries.filter { Format($0) == .online }.count
            return (quarter.label, entries.count, entries.isEmpty ? 0 : Double(online) * 100 / Double(entries.count))
        }
    }

    package var count: Int { events.count }

    package func count(_ format: Format) -> Int { events.filter { Format($0) == format }.count }

    /// A share of the window's events, in percent.
    package func share(_ part: Int) -> Double { events.isEmpty ? 0 : Double(part) * 100 / Double(events.count) }

    /// Groups that hosted an event in the window.
    package var groupsHosting: Int { Set(events.flatMap { $0.groups.compactMap(\.key) }).count }

    /// How long the events that say so lasted, in seconds (a day at most: longer is a mistake or a series).
    package var durations: [TimeInterval] {
        events.compactMap { entry in
            entry.event.end.map { $0.timeIntervalSince(entry.event.start.date) }.flatMap {
                $0 > 0 && $0 <= 86_400 ? $0 : nil
            }
        }
    }

    package var meanDuration: TimeInterval? {
        durations.isEmpty ? nil : durations.reduce(0, +) / Double(durations.count)
    }

    package var medianDuration: TimeInterval? { RecordReports.median(durations) }

    package var lengths: [Length: Int] {
        Dictionary(grouping: durations, by: Length.init).mapValues(\.count)
    }

    /// Monday first, in the event's own time.
    package var weekdays: [Int] { Self.weekdays(events) }

    /// `entries` per day of the week where each took place, Monday first.
    package static func weekdays(_ entries: [RecordEntry]) -> [Int] {
        var counts = [Int](repeating: 0, count: 7)
        for entry in entries { counts[(local(entry).weekday + 5) % 7] += 1 }
        return counts
    }

    /// Saturday and Sunday, in percent.
    package var weekendShare: Double { share(weekdays[5] + weekdays[6]) }

    package var partsOfDay: [PartOfDay: Int] {
        Dictionary(grouping: events) { PartOfDay(hour: Self.local($0).hour) }.mapValues(\.count)
    }

    /// The busiest and the quietest of the finished months (the one under way left out).
    package var busiestMonth: (label: String, count: Int)? { months.dropLast().max { $0.count < $1.count } }
    package var quietestMonth: (label: String, count: Int)? { months.dropLast().min { $0.count < $1.count } }

    /// The event's weekday (1 is Sunday, as Foundation counts) and hour where it took place, by
    /// arithmetic on its own offset (1 January 1970 was a Thursday): a calendar for each event
    /// of a busy year would cost more than the rest of the report.
    static func local(_ entry: RecordEntry) -> (weekday: Int, hour: Int) {
        let seconds =
            Int(entry.event.start.date.timeIntervalSince1970.rounded(.down)) + entry.event.start.utcOffsetSeconds
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let weekday = ((days + 4) % 7 + 7) % 7 + 1
        let hour = ((seconds % 86_400) + 86_400) % 86_400 / 3_600
        return (weekday, hour)
    }
}

extension EventsSummary.Format {
    /// As docs/record.md counts: hybrid as Meetup marks it, online with only an online venue, else in person.
    init(_ entry: RecordEntry) {
        self = entry.event.isHybrid ? .hybrid : entry.event.isOnline ? .online : .inPerson
    }
}

extension RecordReports {
    /// The last twelve months' events.
    package var eventsSummary: EventsSummary { EventsSummary(entries: entries, now: now, zone: zone) }
}
