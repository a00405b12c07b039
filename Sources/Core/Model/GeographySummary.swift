import Foundation

/// Where the record's last twelve months happened, by the country of the group that hosted each
/// event (so an online event counts where its group is, as R-Ladies' geography report counts):
/// each world region's events by format, each country's events and attendance against the twelve
/// months before, and how many places each group met in. Pure; a network event counts once in
/// each country its hosts are in.
package struct GeographySummary: Sendable {
    package struct Region: Sendable, Equatable {
        package var name: String
        package var inPerson = 0, online = 0, hybrid = 0
        /// Groups that hosted an event.
        package var groups = 0

        package var events: Int { inPerson + online + hybrid }
    }

    package struct Growth: Sendable, Equatable {
        /// The ISO code, and its name.
        package var code: String
        package var name: String
        package var eventsBefore = 0, events = 0
        package var goingBefore = 0, going = 0
        /// Groups there with an event in the 12 closed months.
        package var activeGroups = 0

        package var eventsChange: Double? { QuarterReview.change(events, from: eventsBefore) }
        package var goingChange: Double? { QuarterReview.change(going, from: goingBefore) }
    }

    package struct Venues: Sendable, Equatable {
        package var name: String
        package var urlname: String?
        /// In-person events, the places they were at (a venue's coordinates) and their cities.
        package var events: Int
        package var places: Int
        package var cities: Int
    }

    /// The 12 closed months; the 12 before them are what growth is measured against.
    package let window: ReportPeriods.Period
    /// Most events first.
    package let regions: [Region]
    /// Countries with an event in either year, most events in the last first.
    package let growth: [Growth]
    /// Groups with an in-person event in the last 12 months, most places first.
    package let venues: [Venues]

    package init(entries: [RecordEntry], groups: [ArchivedGroup], now: Date, zone: TimeZone) {
        let periods = ReportPeriods(now: now, zone: zone)
        let window = periods.closedMonths(12)
        self.window = window
        let (yearAgo, twoYearsAgo) = (window.start, periods.closedMonths(24).start)
        let countryOf = Self.countries(entries, groups: groups)
        let regionOf = countryOf.compactMapValues { CountryNames.region(of: $0) }
        var regions: [String: (region: Region, groups: Set<String>)] = [:]
        var growth: [String: Growth] = [:]
        var active: [String: Set<String>] = [:]
        for entry in entries where entry.event.start.date >= twoYearsAgo && entry.event.start.date < window.end {
            let recent = entry.event.start.date >= yearAgo
            let hosts = entry.groups.compactMap(\.key)
            for code in Set(hosts.compactMap { countryOf[$0] }) {
                var item = growth[code] ?? Growth(code: code, name: CountryNames.name(of: code))
                if recent { item.events += 1 } else { item.eventsBefore += 1 }
                if recent { item.going += entry.going ?? 0 } else { item.goingBefore += entry.going ?? 0 }
                if recent { active[code, default: []].formUnion(hosts.filter { countryOf[$0] == code }) }
                growth[code] = item
            }
            guard recent else { continue }
            for region in Set(hosts.compactMap { regionOf[$0] }) {
                var item = regions[region] ?? (Region(name: region), [])
                switch EventsSummary.Format(entry) {
                case .inPerson: item.region.inPerson += 1
                case .online: item.region.online += 1
                case .hybrid: item.region.hybrid += 1
                }
                item.groups.formUnion(hosts.filter { regionOf[$0] == region })
                regions[region] = item
            }
        }
        self.regions = regions.values.map { item in
            var region = item.region
            region.groups = item.groups.count
            return region
        }.sorted { ($1.events, $0.name) < ($0.events, $1.name) }
        for code in growth.keys { growth[code]?.activeGroups = active[code]?.count ?? 0 }
        self.growth = growth.values.sorted {
            ($1.events, $1.eventsBefore, $0.name) < ($0.events, $0.eventsBefore, $1.name)
        }
        venues = Self.venues(entries.filter { $0.event.start.date >= yearAgo && $0.event.start.date < window.end })
    }

    /// A group's country: the record's, else the one most of its in-person events were in.
    private static func countries(_ entries: [RecordEntry], groups: [ArchivedGroup]) -> [String: String] {
        var seen: [String: [String: Int]] = [:]
        for entry in entries {
            for copy in entry.copies where !copy.isOnline {
                if let key = copy.group?.key, let country = copy.country {
                    seen[key, default: [:]][country.uppercased(), default: 0] += 1
                }
            }
        }
        var result = seen.compactMapValues { counts in counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }
        for group in groups {
            if let country = group.country, !country.isEmpty { result[group.key] = country.uppercased() }
        }
        return result
    }

    private static func venues(_ entries: [RecordEntry]) -> [Venues] {
        var byKey: [String: (group: ArchivedGroupRef, events: Int, places: Set<String>, cities: Set<String>)] = [:]
        for entry in entries {
            for copy in entry.copies where !copy.isOnline {
                guard let group = copy.group, let key = group.key else { continue }
                var item = byKey[key] ?? (group, 0, [], [])
                item.events += 1
                // A venue by its coordinates to about 100 m: the record keeps no venue's name.
                if let latitude = copy.latitude, let longitude = copy.longitude {
                    item.places.insert(String(format: "%.3f,%.3f", latitude, longitude))
                }
                if let city = copy.city, !city.isEmpty { item.cities.insert(TopicVocabulary.fold(city)) }
                byKey[key] = item
            }
        }
        return byKey.values.map {
            Venues(
                name: $0.group.name, urlname: $0.group.urlname, events: $0.events, places: $0.places.count,
                cities: $0.cities.count)
        }.sorted { ($1.places, $1.events, $0.name) < ($0.places, $0.events, $1.name) }
    }
}

extension RecordReports {
    package func geography(groups: [ArchivedGroup]) -> GeographySummary {
        GeographySummary(entries: entries, groups: groups, now: now, zone: zone)
    }
}
