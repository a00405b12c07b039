import Foundation

/// The groups report (chapter health): for each query that follows groups or a network,
/// its groups as of the report's `now`, those needing attention first. Pure: built from
/// tonight's answers and what the history kept, so it is right from the first night and
/// stays right on a night whose fetch fails.
package struct GroupsReport: Sendable {
    package struct Section: Sendable {
        package var query: EventQuery
        /// Groups with no event for `query.inactiveAfterDays` (or not found), longest silent first.
        package var attention: [GroupActivity]
        /// The others, by name.
        package var active: [GroupActivity]
        /// Groups that were fine when last judged and need attention tonight.
        package var crossed: [GroupActivity]
        /// When the groups were read from Meetup; earlier than `now` when tonight's fetch failed
        /// or the run is an offline re-render (`isOffline`).
        package var seenAt: Date?
        /// `--offline`: nothing was fetched, so nothing failed.
        package var isOffline = false

        package var groupCount: Int { attention.count + active.count }
    }

    /// What a past night knew of a query's groups, when it read them, and when a report last
    /// judged them (a night whose fetch failed judges the groups as last read: a group that
    /// crossed the line then has been announced, and is not again on the next good night).
    package struct Earlier: Sendable {
        package var seenAt: Date
        package var groups: [GroupActivity]
        package var judgedAt: Date

        package init(seenAt: Date, groups: [GroupActivity], judgedAt: Date? = nil) {
            self.seenAt = seenAt
            self.groups = groups
            self.judgedAt = max(seenAt, judgedAt ?? seenAt)
        }
    }

    package var sections: [Section]
    package var now: Date

    /// Distinct groups across the sections (urlnames are case-insensitive): a group that two
    /// queries follow (a network and a list of its chapters) is one group in the headline.
    package var groupCount: Int {
        Set(sections.flatMap { $0.attention + $0.active }.map { $0.urlname.lowercased() }).count
    }
    /// Distinct groups needing attention in any section.
    package var attentionCount: Int { Set(sections.flatMap(\.attention).map { $0.urlname.lowercased() }).count }
    /// Groups that crossed the line tonight, each once (with the first query that follows it).
    package var crossed: [(query: EventQuery, group: GroupActivity)] {
        var named = Set<String>()
        return sections.flatMap { section in section.crossed.map { (section.query, $0) } }
            .filter { named.insert($0.group.urlname.lowercased()).inserted }
    }

    /// - Parameters:
    ///   - fresh: tonight's groups per query id (only queries whose fetch succeeded).
    ///   - earlier: the last groups the history kept per query id.
    ///   - offline: an offline re-render: the groups are the earlier ones, and no fetch failed.
    package init(
        queries: [EventQuery], fresh: [String: [GroupActivity]], earlier: [String: Earlier], now: Date,
        offline: Bool = false
    ) {
        self.now = now
        sections = queries.filter(\.followsGroups).map { query in
            let before = earlier[query.id]
            let known = Dictionary(
                (before?.groups ?? []).map { ($0.urlname.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            let groups: [GroupActivity]
            let seenAt: Date?
            if let tonight = fresh[query.id] {
                groups = tonight.map { $0.filled(from: known[$0.urlname.lowercased()], at: now) }
                seenAt = now
            } else {
                groups = (before?.groups ?? []).map { $0.asOf(now) }
                seenAt = before?.seenAt
            }
            var section = Self.section(query, groups: groups, seenAt: seenAt, earlier: before, known: known, now: now)
            section.isOffline = offline
            return section
        }
    }

    private static func section(
        _ query: EventQuery, groups: [GroupActivity], seenAt: Date?, earlier: Earlier?,
        known: [String: GroupActivity], now: Date
    ) -> Section {
        let threshold = query.inactiveAfterDays
        let (attention, active) = groups.reduce(into: ([GroupActivity](), [GroupActivity]())) { split, group in
            if group.needsAttention(at: now, inactiveAfterDays: threshold) {
                split.0.append(group)
            } else {
                split.1.append(group)
            }
        }
        // Crossed tonight: needs attention now, and did not when the history last judged it.
        let crossed =
            earlier.map { earlier in
                attention.filter { group in
                    guard let before = known[group.urlname.lowercased()] else { return false }
                    return !before.asOf(earlier.judgedAt).needsAttention(
                        at: earlier.judgedAt, inactiveAfterDays: threshold)
                }
            } ?? []
        return Section(
            query: query, attention: attention.sorted(by: silentLongerFirst(now)),
            active: active.sorted(by: byName),
            crossed: crossed, seenAt: seenAt)
    }

    /// Not found first, then never had an event, then the longest silence.
    private static func silentLongerFirst(_ now: Date) -> (GroupActivity, GroupActivity) -> Bool {
        { left, right in
            func rank(_ group: GroupActivity) -> (Int, Int) {
                guard group.isFound else { return (0, 0) }
                guard let days = group.daysSinceLastEvent(at: now) else { return (1, 0) }
                return (2, -days)
            }
            let (l, r) = (rank(left), rank(right))
            return l != r ? l < r : byName(left, right)
        }
    }

    /// As a person sorts names: case-insensitive, numbers by value ("Chapter 9" before "Chapter 10").
    private static func byName(_ left: GroupActivity, _ right: GroupActivity) -> Bool {
        switch left.name.compare(right.name, options: [.caseInsensitive, .numeric]) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: left.urlname < right.urlname
        }
    }
}

extension EventQuery {
    /// Follows groups (a list, or a network's): such a query has a section in the groups report.
    package var followsGroups: Bool {
        switch kind {
        case .groups, .groupFeeds, .network: true
        case .search, .calendar: false
        }
    }
}
