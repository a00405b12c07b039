import Foundation
import MeetupSupport

/// Each event's Markdown block (`event.md`), rendered once per run in the two forms
/// the pages use: for query pages and for the All events month pages (with the queries
/// that found it), both one folder down. (The month pages once took top-level blocks and
/// rewrote every block's links for each page: 57 % of a 1,000-event render, issue 23.) An event found by three queries appears on
/// four pages; rendering its block once per form instead of once per page halved
/// the template work of a large site.
struct EventBlocks: Sendable {
    var queryPage: [String: String]
    var allEventsPage: [String: String]

    /// Built on every core; each chunk has its own date formatters.
    static func make(_ input: SiteInput, templates: SiteTemplates, plainDescriptions: [String: String]) -> EventBlocks {
        let foundBy = input.fetched.queriesByEvent
        return Parallel.chunks(of: input.fetched.distinctEvents, empty: EventBlocks(queryPage: [:], allEventsPage: [:])) { events in
            let contexts = PageContexts(input: input, plainDescriptions: plainDescriptions)
            var part = EventBlocks(queryPage: [:], allEventsPage: [:])
            for event in events {
                part.queryPage[event.id] = templates.render("event.md", contexts.eventContext(event, root: "../"))
                part.allEventsPage[event.id] = templates.render("event.md", contexts.eventContext(event, root: "../", foundBy: foundBy[event.id]))
            }
            return part
        } merge: { all, part in
            all.queryPage.merge(part.queryPage) { first, _ in first }
            all.allEventsPage.merge(part.allEventsPage) { first, _ in first }
        }
    }
}
