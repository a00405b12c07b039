import Foundation
import MeetupSupport

/// Each event's Markdown block (`event.md`) in the two forms the pages use: for query
/// pages and for the All events month pages (with the queries that found it), both one
/// folder down. Made once per event with its other artefacts (`EventArtefactSet`), not
/// once per page. (The month pages once took top-level blocks and rewrote every block's
/// links for each page: 57 % of a 1,000-event render; docs/bench-log.md.)
struct EventBlocks: Sendable {
    var queryPage: TextsByEvent
    var allEventsPage: TextsByEvent

    init(_ artefacts: [String: EventArtefacts]) {
        queryPage = TextsByEvent(artefacts, field: .blockQuery)
        allEventsPage = TextsByEvent(artefacts, field: .blockAll)
    }

    /// Each event's blocks standing as one text of its own (its key: `SitePage.keys`).
    init(standIns: TextsByEvent) {
        queryPage = standIns
        allEventsPage = standIns
    }
}
