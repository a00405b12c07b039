import Foundation

/// The reports organisers build by hand from a community's record, as numbers: activity over
/// time, groups over time, geography, the year in numbers. Pure; every count counts a
/// network event once and leaves cancelled events out.
package struct RecordReports: Sendable {
    package let entries: [RecordEntry]
    package let now: Date
    package let zone: TimeZone
    /// A group with no event in this month or the six before counts as gone quiet.
    package static let quietMonths = 6

    /// Cancelled events per year of their date (a network event once), as R-Ladies' events
    /// report shows each year's events by status.
    package let cancelledPerYear: [Int: Int]

    package init(record: CommunityRecord, now: Date, zone: TimeZone) {
        let all = CommunityRecord.entries(record.past(at: now))
        entries = all.filter { !$0.isCancelled }
        cancelledPerYear = Dictionary(
            grouping: all.filter(\.isCancelled), by: { CommunityRecord.year(of: $0.event.start.date, in: zone) }
        ).mapValues(\.count)
        self.now = now
        self.zone = zone
    }

    package struct Year: Sendable {
        package var year: Int
        package var events = 0
        /// Online only; a hybrid event is in person and online, counted as `hybrid` (docs/record.md).
        package var online = 0
        package var hybrid = 0
        package var going = 0
        /// The median of how many went, over the events that say.
        package var medianGoing: Double?
        package var activeGroups = 0
        package var newGroups = 0
        package var goneQuiet = 0
        package var countries = 0
        /// Groups by their events that year, most first (then by name).
        package var busiest: [(name: String, urlname: String?, events: Int)] = []

        /// Online events as a share of the year's, in percent.
        package var onlineShare: Double { events == 0 ? 0 : Double(online) * 100 / Double(events) }
        /// Hybrid events as a share of the year's, in percent.
        package var hybridShare: Double { events == 0 ? 0 : Double(hybrid) * 100 / Double(events) }
    }

    private func year(_ date: Date) -> Int { CommunityRecord.year(of: date, in: zone) }

    /// Every year from the first event's to the last's.
    package var years: [Year] {
        guard let first = entries.first, let last = entries.last else { return [] }
        var byYear: [Int: Year] = [:]
        for number in year(first.event.start.date)...year(last.event.start.date) { byYear[number] = Year(year: number) }
        var going: [Int: [Int]] = [:]
        var groups: [Int: [String: (name: String, urlname: String?, events: Int)]] = [:]
        var countries: [Int: Set<String>] = [:]
        for entry in entries {
            let number = year(entry.event.start.date)
            byYear[number]?.events += 1
            if entry.event.isOnline { byYear[number]?.online += 1 }
            if entry.event.isHybrid { byYear[number]?.hybrid += 1 }
            if let count = entry.going {
                byYear[number]?.going += count
                going[number, default: []].append(count)
            }
            for copy in entry.copies {
                if let group = copy.group, let key = group.key {
                    groups[number, default: [:]][key, default: (group.name, group.urlname, 0)].events += 1
                }
                if let country = copy.country, !copy.isOnline { countries[number, default: []].insert(country) }
            }
        }
        let (firstSeen, lastSeen) = groupSpans()
        let quietSince = ReportPeriods(now: now, zone: zone).monthsToDate(Self.quietMonths).start
        for (key, span) in firstSeen {
            byYear[year(span)]?.newGroups += 1
            if let last = lastSeen[key], last < quietSince {
                byYear[year(last)]?.goneQuiet += 1
            }
        }
        for (number, _) in byYear {
            byYear[number]?.medianGoing = Self.median(going[number] ?? [])
            byYear[number]?.activeGroups = groups[number]?.count ?? 0
            byYear[number]?.countries = countries[number]?.count ?? 0
            byYear[number]?.busiest = (groups[number] ?? [:]).values.sorted {
                ($1.events, $0.name) < ($0.events, $1.name)
            }
        }
        return byYear.keys.sorted().compactMap { byYear[$0] }
    }

    /// Each group's first and last event (by group key).
    private func groupSpans() -> (first: [String: Date], last: [String: Date]) {
        var first: [String: Date] = [:]
        var last: [String: Date] = [:]
        for entry in entries {
            for group in entry.groups {
                guard let key = group.key else { continue }
                let date = entry.event.start.date
                first[key] = min(first[key] ?? date, date)
                last[key] = max(last[key] ?? date, date)
            }
        }
        return (first, last)
    }

    /// Events per quarter, all queries together or one query's.
    package func eventsPerQuarter(query: String? = nil) -> [(quarter: String, count: Int)] {
        let dates = entries.filter { entry in
            query.map { id in entry.copies.contains { $0.queryIDs.contains(id) } } ?? true
        }.map(\.event.start.date)
        return CommunityRecord.quarters(of: dates, through: now, in: zone)
    }

    /// Groups with an event in the six months up to each quarter's end.
    package func activeGroupsPerQuarter() -> [(quarter: String, count: Int)] {
        let quarters = eventsPerQuarter()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return quarters.map { quarter in
            let parts = quarter.quarter.split(separator: " ")
            let year = Int(parts[0]) ?? 0
            let index = Int(parts[1].dropFirst()) ?? 1
            let end =
                calendar.date(from: DateComponents(year: year, month: index * 3 + 1, day: 1))
                ?? now
            let start = calendar.date(byAdding: .month, value: -6, to: end) ?? end
            var active = Set<String>()
            for entry in entries where entry.event.start.date >= start && entry.event.start.date < end {
                for group in entry.groups { if let key = group.key { active.insert(key) } }
            }
            return (quarter.quarter, active.count)
        }
    }

    package struct Place: Sendable, Equatable {
        package var name: String
        package var events: Int
        package var groups: Int
    }

    /// Events and groups per country (in-person events; an online one has no place), most first.
    package func countries() -> [Place] {
        places { $0.country?.uppercased() }
    }

    /// The same per city ("Lagos, Nigeria").
    package func cities() -> [Place] {
        places { event in
            guard let city = event.city, !city.isEmpty else { return nil }
            return CountryNames.place(city: city, country: event.country)
        }
    }

    /// The same per world region, as the UN's geoscheme groups countries ("Eastern Africa").
    package func regions() -> [Place] {
        places { $0.country.flatMap { CountryNames.region(of: $0) } }
    }

    private func places(_ name: (ArchivedEvent) -> String?) -> [Place] {
        var events: [String: Set<String>] = [:]
        var groups: [String: Set<String>] = [:]
        for entry in entries {
            for copy in entry.copies where !copy.isOnline {
                guard let place = name(copy) else { continue }
                events[place, default: []].insert(copy.countingKey)
                if let key = copy.group?.key { groups[place, default: []].insert(key) }
            }
        }
        return events.map { Place(name: $0.key, events: $0.value.count, groups: groups[$0.key]?.count ?? 0) }
            .sorted { ($1.events, $0.name) < ($0.events, $1.name) }
    }

    /// Events per world region of their venues (a network event once in each region it met in),
    /// online ones as "Online" and those whose country is unknown as "Unknown"; most first.
    package static func eventsPerRegion(_ entries: [RecordEntry]) -> [(name: String, events: Int)] {
        var counts: [String: Set<String>] = [:]
        for entry in entries {
            if entry.event.isOnline {
                counts["Online", default: []].insert(entry.event.countingKey)
                continue
            }
            for copy in entry.copies where !copy.isOnline {
                let region = copy.country.flatMap { CountryNames.region(of: $0) } ?? "Unknown"
                counts[region, default: []].insert(copy.countingKey)
            }
        }
        return counts.map { ($0.key, $0.value.count) }.sorted { ($1.events, $0.name) < ($0.events, $1.name) }
    }

    static func median(_ values: [Int]) -> Double? { median(values.map(Double.init)) }
}

extension RecordReports {
    /// A group where it meets: the median of its in-person events' coordinates, and its events in all.
    package struct GroupPlace: Sendable, Equatable {
        package var key: String
        package var name: String
        package var latitude: Double
        package var longitude: Double
        package var events: Int
    }

    /// Every group with an in-person event whose venue has coordinates, most events first.
    package func groupPlaces() -> [GroupPlace] {
        var points: [String: (name: String, latitudes: [Double], longitudes: [Double], events: Int)] = [:]
        for entry in entries {
            for copy in entry.copies {
                guard let group = copy.group, let key = group.key else { continue }
                var item = points[key] ?? (group.name, [], [], 0)
                item.events += 1
                if let latitude = copy.latitude, let longitude = copy.longitude {
                    item.latitudes.append(latitude)
                    item.longitudes.append(longitude)
                }
                points[key] = item
            }
        }
        return points.compactMap { key, item in
            guard let latitude = Self.median(item.latitudes), let longitude = Self.median(item.longitudes) else {
                return nil
            }
            return GroupPlace(key: key, name: item.name, latitude: latitude, longitude: longitude, events: item.events)
        }.sorted { ($1.events, $0.name) < ($0.events, $1.name) }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
