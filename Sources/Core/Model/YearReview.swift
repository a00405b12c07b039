import Foundation

/// What the year report for funders shows beyond the year's totals (`RecordReports.Year`): its
/// months, its quarters' formats, active groups per quarter over three years, events by region,
/// groups by how busy they were, the groups the record knew by its end. Pure; a network event
/// counts once in the totals and once for each group that hosted it.
package struct YearReview: Sendable {
    package enum Band: String, CaseIterable, Sendable {
        case busiest = "12 events or more", busy = "6 to 11", some = "3 to 5", few = "1 or 2"

        init?(_ events: Int) {
            switch events {
            case 12...: self = .busiest
            case 6...11: self = .busy
            case 3...5: self = .some
            case 1...2: self = .few
            default: return nil
            }
        }
    }

    package let year: Int
    /// The year's months to now and the year before's, January of the year before first (24 at
    /// most); `underWay` when the last has not ended.
    package let months: [(label: String, count: Int)]
    /// The year's last month counted: December, or the one now is in.
    package let lastMonth: Int
    package let underWay: Bool
    /// Each quarter of the year: events in person, online and hybrid.
    package let formats: [(label: String, inPerson: Int, online: Int, hybrid: Int)]
    /// Groups with an event in each quarter of the year and the two before, to now.
    package let activePerQuarter: [(label: String, count: Int)]
    package let regions: [(name: String, events: Int)]
    package let bands: [Band: Int]
    /// Groups whose first event in the record came by the year's end.
    package let groupsKnown: Int
    /// For a year under way: the year before up to the same moment (events, active groups), so a
    /// year that has only begun is not read as a fall.
    package let yearBeforeToDate: (events: Int, groups: Int)?

    package init(entries: [RecordEntry], year: Int, now: Date, zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let local = { (date: Date) in calendar.dateComponents([.year, .month], from: date) }
        let current = local(now)
        self.year = year
        let lastMonth = current.year == year ? current.month ?? 12 : 12
        underWay = current.year == year
        self.lastMonth = lastMonth
        var monthly = [Int](repeating: 0, count: 12 + lastMonth)
        var formats = [(Int, Int, Int)](repeating: (0, 0, 0), count: 4)
        var quarters: [String: Set<String>] = [:]
        var perGroup: [String: Int] = [:]
        var inYear: [RecordEntry] = []
        var first: [String: Int] = [:]
        for entry in entries {
            let parts = local(entry.event.start.date)
            let (entryYear, month) = (parts.year ?? 0, parts.month ?? 1)
            let keys = entry.groups.compactMap(\.key)
            for key in keys { first[key] = min(first[key] ?? entryYear, entryYear) }
            if (year - 2...year).contains(entryYear) {
                quarters["\(entryYear) Q\((month - 1) / 3 + 1)", default: []].formUnion(keys)
            }
            if entryYear == year - 1 { monthly[month - 1] += 1 }
            guard entryYear == year else { continue }
            if month <= lastMonth { monthly[12 + month - 1] += 1 }
            let quarter = (month - 1) / 3
            if entry.event.isHybrid {
                formats[quarter].2 += 1
            } else if entry.event.isOnline {
                formats[quarter].1 += 1
            } else {
                formats[quarter].0 += 1
            }
            for key in keys { perGroup[key, default: 0] += 1 }
            inYear.append(entry)
        }
        months = monthly.enumerated().map { offset, count in
            (String(format: "%04d-%02d", year - 1 + offset / 12, offset % 12 + 1), count)
        }
        let lastQuarter = (lastMonth - 1) / 3
        self.formats = (0...lastQuarter).map { ("\(year) Q\($0 + 1)", formats[$0].0, formats[$0].1, formats[$0].2) }
        activePerQuarter = (year - 2...year).flatMap { quarterYear in
            (1...(quarterYear == year ? lastQuarter + 1 : 4)).map { quarter in
                let label = "\(quarterYear) Q\(quarter)"
                return (label, quarters[label]?.count ?? 0)
            }
        }
        regions = RecordReports.eventsPerRegion(inYear)
        bands = Dictionary(grouping: perGroup.values.compactMap(Band.init), by: { $0 }).mapValues(\.count)
        groupsKnown = first.values.filter { $0 <= year }.count
        // The year before to the end of the month now is in, as a group's page has it: a figure
        // that moves with the month, not with every night's clock.
        if underWay, let cut = calendar.date(from: DateComponents(year: year - 1, month: lastMonth + 1, day: 1)) {
            let before = entries.filter { local($0.event.start.date).year == year - 1 && $0.event.start.date < cut }
            yearBeforeToDate = (before.count, Set(before.flatMap { $0.groups.compactMap(\.key) }).count)
        } else {
            yearBeforeToDate = nil
        }
    }
}

extension RecordReports {
    package func review(of year: Int) -> YearReview { YearReview(entries: entries, year: year, now: now, zone: zone) }
}
