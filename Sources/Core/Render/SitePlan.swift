import Foundation
import MeetupModel

/// The site's shape, worked out once per render: its events once, its months, and the pages
/// of every list. Each page working it out again for itself made a 10,000-event
/// render quadratic: 25 s, 58 % of it in `SitePage.init` re-paginating whole months and
/// queries for each of their 670 pages (docs/bench-log.md).
package struct SitePlan: Sendable {
    package let distinct: [Event]
    /// Each month ("2026-12") with its events.
    let months: [(key: String, events: [Event])]
    /// Each month's pages and each query's pages (by query id), in order.
    let monthPages: [String: [[Event]]]
    let queryPages: [String: [[Event]]]

    init(_ input: SiteInput) {
        let zone = input.settings.timeZone
        distinct = input.fetched.distinctEvents
        // Sorted once: a month keeps the order (grouping appends in it), a query takes its
        // events' ranks (sorting each query's events by date and id again was 6 % of W2's
        // next-night render, perf).
        let ordered = SitePaths.chronological(distinct)
        months = SitePaths.months(of: ordered, timeZone: zone)
        monthPages = Dictionary(
            months.map { ($0.key, Pagination.pages($0.events, timeZone: zone)) },
            uniquingKeysWith: { first, _ in first })
        var rank: [String: Int] = [:]
        rank.reserveCapacity(ordered.count)
        for (index, event) in ordered.enumerated() { rank[event.id] = index }
        queryPages = Dictionary(
            input.fetched.outcomes.map {
                ($0.query.id, Pagination.pages(Self.inOrder($0.outcome.events, rank: rank), timeZone: zone))
            }, uniquingKeysWith: { first, _ in first })
    }

    /// `events` as `SitePaths.chronological` orders them, by their ranks in the sorted site
    /// (an event the site does not hold sorts them all by date and id).
    private static func inOrder(_ events: [Event], rank: [String: Int]) -> [Event] {
        var ranked: [(rank: Int, event: Event)] = []
        ranked.reserveCapacity(events.count)
        for event in events {
            guard let position = rank[event.id] else { return SitePaths.chronological(events) }
            ranked.append((position, event))
        }
        return ranked.sorted { $0.rank < $1.rank }.map(\.event)
    }
}

extension SiteInput {
    /// The plan the renderer made for this input, or a new one (tests; one-off pages).
    package var plan: SitePlan { madePlan ?? SitePlan(self) }

    /// The same input carrying its plan, for everything rendered from it.
    func planned() -> SiteInput {
        var input = self
        input.madePlan = SitePlan(self)
        return input
    }
}
