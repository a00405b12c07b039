import Foundation

/// A group's own past as the record holds it, worked out in one place: its page, the groups
/// report and every figure that names a group's last event or its count read it from here, so
/// no two pages disagree about a group.
extension CommunityRecord {
    /// What the record says of one group: its past events (oldest first) and the figures from them.
    package struct GroupPast: Sendable {
        package var events: [ArchivedEvent]
        package init(events: [ArchivedEvent]) { self.events = events }
        /// When its latest past event that was not cancelled began.
        package var lastEventAt: Date? { events.last(where: { !$0.isCancelled })?.start.date }
        /// Its past events that took place (a cancelled one is listed, not counted).
        package var count: Int { events.filter { !$0.isCancelled }.count }
    }

    /// Groups kept under one address (Meetup gave a deleted group's urlname to a new one, or
    /// two answers disagree on its id) are one group, not two written over each other in no
    /// fixed order: the group seen last, with the others' past events (their keys, by its key).
    package static func onePerAddress(_ groups: [ArchivedGroup]) -> ([ArchivedGroup], [String: [String]]) {
        var pages: [ArchivedGroup] = []
        var alsoKeys: [String: [String]] = [:]
        for (_, same) in Dictionary(grouping: groups, by: { $0.urlname.lowercased() }) {
            let ordered = same.sorted { ($0.lastSeen, $0.key) > ($1.lastSeen, $1.key) }
            guard let first = ordered.first else { continue }
            pages.append(first)
            if ordered.count > 1 { alsoKeys[first.key] = ordered.dropFirst().map(\.key) }
        }
        return (pages.sorted { $0.key < $1.key }, alsoKeys)
    }

    /// The record's events before `now` by the key of the group they were kept under (an event
    /// kept without a group id is under `urlname:<name>`): one pass, not one per group.
    package func pastByGroupKey(at now: Date) -> [String: [ArchivedEvent]] {
        var byKey: [String: [ArchivedEvent]] = [:]
        for event in events where event.start.date < now {
            if let key = event.group?.key { byKey[key, default: []].append(event) }
        }
        return byKey
    }

    /// A group's past events, oldest first: its own, those of the groups kept under its address,
    /// and those kept without a group id under any name it had; each source once, each event once.
    package static func past(of group: ArchivedGroup, alsoKeys: [String], in pastByKey: [String: [ArchivedEvent]])
        -> GroupPast
    {
        let names = ([group.urlname] + group.formerUrlnames).map { "urlname:" + $0.lowercased() }
        var seenSources = Set<String>(), seenEvents = Set<String>()
        let events = ([group.key] + alsoKeys + names).filter { seenSources.insert($0).inserted }
            .flatMap { pastByKey[$0] ?? [] }.filter { seenEvents.insert($0.id).inserted }
            .sorted { ($0.start.date, $0.id) < ($1.start.date, $1.id) }
        return GroupPast(events: events)
    }

    /// Every group's past by each urlname it has had (lowercased), as its page shows it.
    package func groupPasts(at now: Date) -> [String: GroupPast] {
        let byKey = pastByGroupKey(at: now)
        let (groups, alsoKeys) = Self.onePerAddress(groups.filter { !$0.urlname.isEmpty })
        var pasts: [String: GroupPast] = [:]
        for group in groups {
            let past = Self.past(of: group, alsoKeys: alsoKeys[group.key] ?? [], in: byKey)
            for urlname in [group.urlname] + group.formerUrlnames { pasts[urlname.lowercased()] = past }
        }
        return pasts
    }
}
