import Foundation
import MeetupModel

/// The site's shape, worked out once per render: its events once, its months, and the pages
/// of every list. Each page working it out again for itself made a 10,000-event
/// render quadratic: 25 s, 58 % of it in `SitePage.init` re-paginating whole months and
/// queries for each of their 670 pages (BENCHMARKS.md).
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
        months = SitePaths.months(of: distinct, timeZone: zone)
        monthPages = Dictionary(
            months.map { ($0.key, Pagination.pages(SitePaths.chronological($0.events), timeZone: zone)) },
            uniquingKeysWith: { first, _ in first })
        queryPages = Dictionary(
            input.fetched.outcomes.map {
                ($0.query.id, Pagination.pages(SitePaths.chronological($0.outcome.events), timeZone: zone))
            }, uniquingKeysWith: { first, _ in first })
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
