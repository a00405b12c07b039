import Foundation

/// What the record's events were about, by the categories their titles name: the last twelve
/// months' categories, the leading ones quarter by quarter over two years, the ones new this
/// year, and how many a group covered. Pure; a network event counts once (for each host in a
/// group's diversity).
package struct TopicSummary: Sendable {
    package struct Count: Sendable, Equatable {
        package var name: String
        package var kind: TopicVocabulary.Kind
        package var events: Int
    }

    /// The 12 closed months, and their categories, most events first; and the share of events that named none.
    package let window: ReportPeriods.Period
    package let lastYear: [Count]
    package let unnamedShare: Double
    /// The eight quarters to now and, for the five leading categories, their events in each.
    package let quarters: [String]
    package let trends: [(name: String, counts: [Int])]
    /// Categories named this calendar year and never before.
    package let newThisYear: [String]
    /// Groups by how many categories their last twelve months' events named, most first.
    package let diversity: [(name: String, urlname: String?, categories: Int, events: Int)]

    package init(entries: [RecordEntry], now: Date, zone: TimeZone, vocabulary: TopicVocabulary = .standard) {
        let periods = ReportPeriods(now: now, zone: zone)
        let window = periods.closedMonths(12)
        self.window = window
        let thisYear = periods.calendar.component(.year, from: now)
        let named = entries.map { ($0, vocabulary.categories(of: $0.event.title)) }
        let recent = named.filter { $0.0.event.start.date >= window.start && $0.0.event.start.date < window.end }
        var counts: [String: Count] = [:]
        var groups: [String: (name: String, urlname: String?, categories: Set<String>, events: Int)] = [:]
        for (entry, categories) in recent {
            for category in categories {
                counts[category.name, default: Count(name: category.name, kind: category.kind, events: 0)].events += 1
            }
            for group in entry.groups {
                guard let key = group.key else { continue }
                groups[key, default: (group.name, group.urlname, [], 0)].events += 1
                groups[key]?.categories.formUnion(categories.map(\.name))
            }
        }
        lastYear = counts.values.sorted { ($1.events, $0.name) < ($0.events, $1.name) }
        unnamedShare =
            recent.isEmpty ? 0 : Double(recent.filter { $0.1.isEmpty }.count) * 100 / Double(recent.count)
        diversity = groups.values.map { ($0.name, $0.urlname, $0.categories.count, $0.events) }
            .sorted { ($1.categories, $1.events, $0.name) < ($0.categories, $0.events, $1.name) }
        // Quarters: the one now is in and the seven before.
        let starts = periods.periods(count: 8, months: 3)
        quarters = starts.map(\.label)
        // Each entry's categories are the ones named above, not matched again.
        var perQuarter = [[[String]]](repeating: [], count: starts.count)
        for (entry, categories) in named {
            if let index = periods.index(of: entry.event.start.date, in: starts) {
                perQuarter[index].append(categories.map(\.name))
            }
        }
        trends = lastYear.prefix(5).map(\.name).map { name in
            (name, perQuarter.map { titles in titles.filter { $0.contains(name) }.count })
        }
        var firstYear: [String: Int] = [:]
        for (entry, categories) in named {
            let year = periods.calendar.component(.year, from: entry.event.start.date)
            for category in categories { firstYear[category.name] = min(firstYear[category.name] ?? year, year) }
        }
        newThisYear = firstYear.filter { $0.value == thisYear }.keys.sorted()
    }
}

extension RecordReports {
    package func topics(_ vocabulary: TopicVocabulary = .standard) -> TopicSummary {
        TopicSummary(entries: entries, now: now, zone: zone, vocabulary: vocabulary)
    }
}
