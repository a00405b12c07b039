import Foundation
import MeetupModel

/// One page of the site and where its files go: the index, all events, or a query.
struct SitePage {
    enum Kind: Equatable {
        case index, allEvents
        /// One month of the all-events list, in `all/`.
        case allEventsMonth(String)
        case query(EventQuery, QueryOutcome)

        static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.index, .index), (.allEvents, .allEvents): true
            case (.allEventsMonth(let a), .allEventsMonth(let b)): a == b
            case (.query(let a, _), .query(let b, _)): a.id == b.id
            default: false
            }
        }
    }

    let kind: Kind
    /// Site path without suffix; `.md` and `.html` are added.
    let path: String
    let title: String
    /// For search results and link previews.
    package let description: String
    /// From the page back to the site root ("" or "../").
    let root: String
    let template: String
    let feed: String
    let calendar: String
    let feedTitle: String
    let context: [String: Any]
    let events: [Event]
    /// The all-events page shares the site-wide feed and calendar written with the index.
    let writesFeeds: Bool

    /// For the layout's `<main class="page-…">`, so the stylesheet can tell pages apart.
    var kindName: String {
        switch kind {
        case .index: "index"
        case .allEvents, .allEventsMonth: "all"
        case .query: "query"
        }
    }

    init(_ kind: Kind, input: SiteInput, contexts: PageContexts) {
        let site = input.config.siteTitle
        self.kind = kind
        switch kind {
        case .index:
            (path, title, root, template) = (SitePaths.index, site, "", "index.md")
            description = "\(EventFormatting.count(input.fetched.distinctEvents.count, "upcoming event", "upcoming events")) from "
                + input.fetched.outcomes.map(\.query.title).joined(separator: ", ") + ", updated every night."
            (feed, calendar, feedTitle) = (SitePaths.siteFeed, SitePaths.siteCalendar, site)
            (context, events, writesFeeds) = (contexts.index(), input.fetched.distinctEvents, true)
        case .allEvents:
            (path, title, root, template) = (SitePaths.allEvents, "All events · \(site)", "", "all.md")
            description = "Every upcoming event of \(site), by date."
            (feed, calendar, feedTitle) = (SitePaths.siteFeed, SitePaths.siteCalendar, site)
            let first = SitePaths.months(of: input.fetched.distinctEvents, timeZone: input.config.timeZone).first?.events ?? []
            (context, events, writesFeeds) = (contexts.allEvents(), first, false)
        case .allEventsMonth(let month):
            let heading = contexts.formatting.monthHeading(month)
            (path, title, root, template) = (SitePaths.allEventsMonth(month), "\(heading) · All events · \(site)", "../", "all.md")
            description = "Every upcoming event of \(site) in \(heading), by date."
            (feed, calendar, feedTitle) = (SitePaths.siteFeed, SitePaths.siteCalendar, site)
            let monthEvents = SitePaths.months(of: input.fetched.distinctEvents, timeZone: input.config.timeZone)
                .first { $0.key == month }?.events ?? []
            (context, events, writesFeeds) = (contexts.allEvents(month: month), monthEvents, false)
        case .query(let query, let outcome):
            let queryPath = SitePaths.queryPage(query)
            (path, title, root, template) = (queryPath, "\(query.title) · \(site)", "../", "query.md")
            description = "\(EventFormatting.count(outcome.events.count, "upcoming event", "upcoming events")) \(QueryScope.short(of: query)): "
                + SitePaths.chronological(outcome.events).prefix(3).map(\.title).joined(separator: ", ")
            (feed, calendar, feedTitle) = ("\(queryPath).atom", "\(queryPath).ics", "\(query.title) · \(site)")
            (context, events, writesFeeds) = (contexts.queryPage(query, outcome: outcome), outcome.events, true)
        }
    }
}
