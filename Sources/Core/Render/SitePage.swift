import Foundation
import MeetupModel

/// One page of the site and where its files go: the index, all events, or a query.
struct SitePage {
    enum Kind: Equatable {
        case index, allEvents
        /// One page of a month of the all-events list, in `all/`.
        case allEventsMonth(String, page: Int)
        /// One page of a query's events.
        case query(EventQuery, QueryOutcome, page: Int)

        static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.index, .index), (.allEvents, .allEvents): true
            case (.allEventsMonth(let a, let x), .allEventsMonth(let b, let y)): a == b && x == y
            case (.query(let a, _, let x), .query(let b, _, let y)): a.id == b.id && x == y
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
    /// The events the page shows (one page of a long list).
    let events: [Event]
    /// The events of its feed and calendar: the whole list, written with its first page.
    let feedEvents: [Event]
    /// The all-events page shares the site-wide feed and calendar written with the index.
    let writesFeeds: Bool
    /// The previous and next page of a long list (site paths without suffix).
    let previousPage: String?
    let nextPage: String?

    /// For the layout's `<main class="page-…">`, so the stylesheet can tell pages apart.
    var kindName: String {
        switch kind {
        case .index: "index"
        case .allEvents, .allEventsMonth: "all"
        case .query: "query"
        }
    }

    init(_ kind: Kind, input: SiteInput, contexts: PageContexts) {
        let site = input.settings.title
        let language = input.settings.language
        self.kind = kind
        switch kind {
        case .index:
            (path, title, root, template) = (SitePaths.index, site, "", "index.md")
            description = language.plural(
                input.plan.distinct.count, "{count} upcoming event from {queries}, updated every night.",
                "{count} upcoming events from {queries}, updated every night.",
                ["queries": language.list(input.fetched.outcomes.map(\.query.title))])
            (feed, calendar, feedTitle) = (SitePaths.siteFeed, SitePaths.siteCalendar, site)
            (context, events, writesFeeds) = (contexts.index(), input.plan.distinct, true)
            (previousPage, nextPage) = (nil, nil)
        case .allEvents:
            let title = language.localized("All events") + " · \(site)"
            (path, self.title, root, template) = (SitePaths.allEvents, title, "", "all.md")
            description = language.localized(
                "Every upcoming event of {site}, by month, and this week's.", ["site": site])
            (feed, calendar, feedTitle) = (SitePaths.siteFeed, SitePaths.siteCalendar, site)
            (context, events, writesFeeds) = (contexts.allEvents(), [], false)
            (previousPage, nextPage) = (nil, nil)
        case .allEventsMonth(let month, let page):
            let heading = contexts.formatting.monthHeading(month)
            let pages = input.plan.monthPages[month] ?? [[]]
            let base = SitePaths.allEventsMonth(month)
            (path, root, template) = (Pagination.path(base, page: page), "../", "all.md")
            title = "\(heading)\(Self.pageSuffix(page, language)) · \(language.localized("All events")) · \(site)"
            description = language.localized(
                "Every upcoming event of {site} in {month}, by date.", ["site": site, "month": heading])
            (feed, calendar, feedTitle) = (SitePaths.siteFeed, SitePaths.siteCalendar, site)
            events = pages[min(page, pages.count) - 1]
            (previousPage, nextPage) = Self.neighbours(base, page: page, of: pages.count)
            (context, writesFeeds) = (
                contexts.allEvents(month: month, events: events, page: page, of: pages.count), false
            )
        case .query(let query, let outcome, let page):
            let queryPath = SitePaths.queryPage(query)
            let pages = input.plan.queryPages[query.id] ?? [[]]
            (path, root, template) = (Pagination.path(queryPath, page: page), "../", "query.md")
            title = "\(query.title)\(Self.pageSuffix(page, language)) · \(site)"
            description = language.plural(
                outcome.events.count, "{count} upcoming event {scope}: {titles}",
                "{count} upcoming events {scope}: {titles}",
                [
                    "scope": QueryScope.short(of: query, language: language),
                    "titles": SitePaths.chronological(outcome.events).prefix(3).map(\.title).joined(separator: ", "),
                ])
            (feed, calendar, feedTitle) = ("\(queryPath).atom", "\(queryPath).ics", "\(query.title) · \(site)")
            events = pages[min(page, pages.count) - 1]
            (previousPage, nextPage) = Self.neighbours(queryPath, page: page, of: pages.count)
            (context, writesFeeds) = (
                contexts.queryPage(query, outcome: outcome, events: events, page: page, of: pages.count), page == 1
            )
        }
        if case .query(_, let outcome, _) = kind { feedEvents = outcome.events } else { feedEvents = events }
    }

    /// " (page 2)" after a later page's title; nothing after the first.
    private static func pageSuffix(_ page: Int, _ language: SiteLanguage) -> String {
        page > 1 ? " " + language.localized("(page {page})", ["page": language.number(page)]) : ""
    }

    private static func neighbours(_ base: String, page: Int, of count: Int) -> (String?, String?) {
        (
            page > 1 ? Pagination.path(base, page: page - 1) : nil,
            page < count ? Pagination.path(base, page: page + 1) : nil
        )
    }
}
