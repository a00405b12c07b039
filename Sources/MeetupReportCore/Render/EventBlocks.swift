import Foundation

/// Each event's Markdown block (`event.md`), rendered once per run in the two forms
/// the pages use: for query pages (one folder down) and for the All events page
/// (with the queries that found it). An event found by three queries appears on
/// four pages; rendering its block once per form instead of once per page halved
/// the template work of a large site.
struct EventBlocks: Sendable {
    var queryPage: [String: String]
    var allEventsPage: [String: String]

    /// Built on every core; each worker has its own date formatters.
    static func make(_ input: SiteInput, templates: SiteTemplates, plainDescriptions: [String: String]) -> EventBlocks {
        let events = input.fetched.distinctEvents
        let foundBy = input.fetched.queriesByEvent
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = (events.count + workers - 1) / workers
        let built = LockedBox(EventBlocks(queryPage: [:], allEventsPage: [:]))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let contexts = PageContexts(input: input, plainDescriptions: plainDescriptions)
            var queryPage: [String: String] = [:]
            var allEventsPage: [String: String] = [:]
            for event in events.dropFirst(worker * chunk).prefix(chunk) {
                queryPage[event.id] = templates.render("event.md", contexts.eventContext(event, root: "../"))
                allEventsPage[event.id] = templates.render("event.md", contexts.eventContext(event, root: "", foundBy: foundBy[event.id]))
            }
            built.withLock {
                $0.queryPage.merge(queryPage) { first, _ in first }
                $0.allEventsPage.merge(allEventsPage) { first, _ in first }
            }
        }
        return built.withLock { $0 }
    }
}
