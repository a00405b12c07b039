import Foundation
import MeetupModel
import MeetupSupport

/// What each output of the renderer is made from, as one hash per output: a night whose
/// inputs to a file equal the night's before reuses that file instead of making it again
/// (`RenderReuse`), and an event whose inputs did not change reuses its rendered
/// description and blocks (`EventArtefacts`).
///
/// Everything a file shows must be in its key; `RenderMemoTests` renders changed inputs
/// with and without the memo and compares every byte. Keys are built from:
/// - `renderer`: this binary (its version and file), the templates, and the site's settings
///   (`SiteSettings.fingerprint`: every field the renderer is given, from its encoding);
/// - `events`: each event as the cache stores it, with what the site says of it (new, first
///   seen, found by, its thumbnail);
/// - `site`: the renderer, the thumbnails and what every page's menu links (the digest, the
///   groups report, the archive), without the moment.
///
/// A page's key follows from the value it is rendered from: a list page's context and layout
/// (`SitePage.keys`), a group page (`GroupPage`), an event's page (`UpcomingEventPage`, and
/// `EventPageFacts` for one that has taken place), an event's calendar (`EventCalendarFiles.key`).
/// What is built here is each event's key, the key of the texts kept with its artefacts (its
/// events.json item, its feed and calendar entries: made from the event and the five things the
/// site says of it, `eventKey`), and the outputs that show many events at once, whose keys
/// join their events' keys instead of encoding thousands of events again (the feeds, events.json).
package struct RenderKeys: Sendable {
    static let schema = "render-keys-1"

    package let renderer: String
    package let site: String
    /// By event id.
    package let events: [String: String]
    /// The site with every event, in order: for the outputs that show them all.
    package let allEvents: String
    /// The run's moment, for a feed with no entry (it says it as its `updated`); the pages that
    /// show the day have it in their context (`SitePage.keys`).
    let moment: String
    /// The events once, in the order `FetchedEvents.distinctEvents` gives them.
    let distinct: [Event]
    let foundBy: [String: [EventQuery]]
    /// Each query's events (their keys, in order) as one hash, by query id: its feeds and
    /// events.json add it once instead of every event again.
    let queryEvents: [String: String]

    package init(input: SiteInput, templates: SiteTemplates) {
        let renderer = ContentHash.Builder(
            Self.schema, BuildInfo.identity, templates.fingerprint, input.settings.fingerprint)
        self.renderer = renderer.hex()

        // No moment here: a page depends on the clock only where its content does (the index
        // and All events show the day; a list page its days' "Today"/"Tomorrow" labels).
        // What every page's layout shows of the site: its menu's links to the digest, the groups
        // report and the archive.
        var site = ContentHash.Builder(
            self.renderer, input.digestLink ?? "-",
            input.groups.map { GroupsPage.summary($0, language: input.settings.language) } ?? "-",
            input.hasArchive ? "archive" : "-")
        // Each URL's text taken once, then sorted: sorting by `absoluteString` asked for it in every
        // comparison (2.8 ms of W1's next night for 400 photos, perf).
        let thumbnails = input.thumbnails.map { ($0.key.absoluteString, $0.value.keyText) }.sorted { $0.0 < $1.0 }
        for (url, thumbnail) in thumbnails { site.add([url, thumbnail]) }
        self.site = site.hex()

        moment = "\(input.generatedAt.timeIntervalSince1970)"
        distinct = input.plan.distinct
        foundBy = input.fetched.queriesByEvent
        // Hashed on every core: W2's 10,000 keys were 55 ms of every night on one (perf).
        let foundBy = self.foundBy
        let keys = Parallel.map(distinct) { event in
            Self.eventKey(event, input: input, foundBy: foundBy[event.id] ?? [])
        }
        var events: [String: String] = [:]
        events.reserveCapacity(keys.count)
        var all = ContentHash.Builder(self.site)
        for (event, key) in zip(distinct, keys) {
            events[event.id] = key
            all.add(key)
        }
        self.events = events
        allEvents = all.hex()
        var queryEvents: [String: String] = [:]
        for entry in input.fetched.outcomes {
            var key = ContentHash.Builder(entry.query.id)
            key.add(entry.outcome.events.map { events[$0.id] ?? $0.id })
            queryEvents[entry.query.id] = key.hex()
        }
        self.queryEvents = queryEvents
    }

    private static func eventKey(_ event: Event, input: SiteInput, foundBy: [EventQuery]) -> String {
        var key = ContentHash.Builder(event.fingerprint)
        key.add(input.history?.newEventIDs.contains(event.id) == true ? "new" : "-")
        key.add(input.history?.firstSeen[event.id].map { "\($0.timeIntervalSince1970)" } ?? "-")
        key.add(foundBy.map(\.id))
        // Its calendar's DTSTAMP and its feed entry's `updated`.
        key.add("\(input.lastChanged(event).timeIntervalSince1970)")
        let thumbnail = event.displayPhotoURL.flatMap { input.thumbnails[$0] }
        key.add(thumbnail.map(\.keyText) ?? "-")
        return key.hex()
    }

    /// An event's rendered description, text and blocks: the renderer and the event, not the moment.
    package func artefacts(of event: Event) -> String {
        ContentHash.Builder(renderer, events[event.id] ?? event.id).hex()
    }

    /// The key of the feed and calendar a page writes (the index: the site's; a query's first
    /// page: the query's); nil for pages that write none.
    func feeds(_ kind: SitePage.Kind) -> String? {
        switch kind {
        // The moment only for a feed with no entry: its `updated` is then the run's time (a feed's
        // `updated` is otherwise its latest entry's, an entry's when it last changed), so a night
        // that changed no event reuses the feeds and makes none of their 10,000 entries (W2).
        case .index:
            return ContentHash.Builder(allEvents, "site feeds", distinct.isEmpty ? moment : "-").hex()
        case .query(let query, let outcome, page: 1):
            return ContentHash.Builder(
                site, "query feeds", query.id, queryEvents[query.id] ?? "-", outcome.events.isEmpty ? moment : "-"
            ).hex()
        case .query, .allEvents, .allEventsMonth:
            return nil
        }
    }

    /// `events.json`: every event, and every query with the events it found.
    func eventsJSON(input: SiteInput) -> String {
        // `allEvents` holds each event's key, its last change among it: `updatedAt` follows.
        var key = ContentHash.Builder(allEvents, "events.json 2")
        for entry in input.fetched.outcomes {
            key.add(outcomeParts(entry.query, entry.outcome))
            key.add(queryEvents[entry.query.id] ?? "-")
        }
        return key.hex()
    }

    private func outcomeParts(_ query: EventQuery, _ outcome: QueryOutcome) -> [String] {
        [
            query.id, "\(outcome.events.count)", outcome.staleSince.map { "\($0.timeIntervalSince1970)" } ?? "-",
            outcome.error?.reason ?? "-",
        ]
    }
}
