import Foundation

/// The community's record as the pages read it: the archived events and groups, and the
/// pure decisions over them (what is past, what counts once, per year, per quarter).
package struct CommunityRecord: Sendable {
    /// Every archived event, by start.
    package var events: [ArchivedEvent]
    package var groups: [ArchivedGroup]

    package init(events: [ArchivedEvent], groups: [ArchivedGroup]) {
        self.events = events.sorted { ($0.start.date, $0.id) < ($1.start.date, $1.id) }
        self.groups = groups
    }

    /// Events that began before `now`, oldest first.
    package func past(at now: Date) -> [ArchivedEvent] {
        events.filter { $0.start.date < now }
    }

    /// One entry per network event (its groups' copies together) or per event, in order.
    package static func entries(_ events: [ArchivedEvent]) -> [RecordEntry] {
        var order: [String] = []
        var copies: [String: [ArchivedEvent]] = [:]
        for event in events {
            if copies[event.countingKey] == nil { order.append(event.countingKey) }
            copies[event.countingKey, default: []].append(event)
        }
        return order.compactMap { key in copies[key].flatMap(RecordEntry.init) }
    }

    /// The group a urlname names now, or named before (a renamed group keeps its page).
    package func group(urlname: String) -> ArchivedGroup? {
        let name = urlname.lowercased()
        return groups.first { $0.urlname.lowercased() == name }
            ?? groups.first { $0.formerUrlnames.contains { $0.lowercased() == name } }
    }

    /// The group's events, under any of its urlnames or its id.
    package func events(of group: ArchivedGroup) -> [ArchivedEvent] {
        let names = Set(([group.urlname] + group.formerUrlnames).map { $0.lowercased() })
        return events.filter { event in
            guard let ref = event.group else { return false }
            return ref.key == group.key || ref.urlname.map { names.contains($0.lowercased()) } == true
        }
    }

    /// How many groups held each network event, by its id.
    package var networkEventGroups: [String: Int] {
        var groups: [String: Set<String>] = [:]
        for event in events {
            guard let shared = event.networkEventID else { continue }
            groups[shared, default: []].insert(event.group?.key ?? event.id)
        }
        return groups.mapValues(\.count)
    }

    /// The year of a moment in a time zone.
    package static func year(of date: Date, in zone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.component(.year, from: date)
    }

    /// Counts per quarter ("2024 Q3"), every quarter from the first event's to `last`'s, zeros
    /// included, so a chart's gaps are real.
    package static func quarters(of entries: [Date], through last: Date, in zone: TimeZone) -> [(
        quarter: String, count: Int
    )] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func index(_ date: Date) -> Int {
            let parts = calendar.dateComponents([.year, .month], from: date)
            return (parts.year ?? 0) * 4 + ((parts.month ?? 1) - 1) / 3
        }
        guard let first = entries.map(index).min() else { return [] }
        let end = max(index(last), entries.map(index).max() ?? first)
        var counts = [Int](repeating: 0, count: end - first + 1)
        for date in entries { counts[index(date) - first] += 1 }
        return counts.enumerated().map { offset, count in
            let quarter = first + offset
            return ("\(quarter / 4) Q\(quarter % 4 + 1)", count)
        }
    }
}

/// One thing that happened: an event, or one network event with its copy in each group.
package struct RecordEntry: Sendable {
    /// Its copies, one per group (one for an ordinary event), in the order archived.
    package var copies: [ArchivedEvent]

    package init?(_ copies: [ArchivedEvent]) {
        guard !copies.isEmpty else { return nil }
        self.copies = copies
    }

    /// An event of its own.
    package init(single event: ArchivedEvent) {
        copies = [event]
    }

    /// The copy that speaks for it (the first).
    package var event: ArchivedEvent { copies[0] }

    /// The groups it took place in, each once.
    package var groups: [ArchivedGroupRef] {
        var seen = Set<String>()
        return copies.compactMap(\.group).filter { seen.insert($0.key ?? $0.name).inserted }
    }

    /// How many went, over its copies (nil when no copy says).
    package var going: Int? {
        let known = copies.compactMap(\.going)
        return known.isEmpty ? nil : known.reduce(0, +)
    }

    package var isCancelled: Bool { copies.allSatisfy(\.isCancelled) }
}
