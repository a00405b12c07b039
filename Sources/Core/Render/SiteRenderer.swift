import Foundation
import MeetupModel
import MeetupSupport

/// Renders the whole site as files: every page through the page generators (Markdown,
/// HTML, Atom, iCalendar), then the site generators (events.json, the sitemap, assets,
/// charts, thumbnails), then the generators of the layers above (the digest). A new
/// kind of output is one more generator in a list.
/// Pure given its input: the same input gives byte-identical files.
package struct SiteRenderer: Sendable {
    package let templates: SiteTemplates
    /// Site generators from the layers above Render, run after its own.
    let extraGenerators: [any SiteGenerator]

    static let pageGenerators: [any PageGenerator] = [PageFiles()]
    /// A page's Atom feed and calendar, an item of their own: the index changes every night
    /// (its trend charts), the site feed only when an event does.
    static let feedGenerators: [any PageGenerator] = [AtomFeedFile(), CalendarFile()]
    static let keyedGenerators: [any KeyedSiteGenerator] = [
        GroupPages(), PastEventPages(), ArchivePages(), ArchiveJSON(),
    ]
    static let siteGenerators: [any SiteGenerator] = [
        SitemapFile(), AssetFiles(), ChartFiles(), ThumbnailFiles(), NotFoundPage(), GroupsPage(), ReportPages(),
    ]

    package init(templates: SiteTemplates, extraGenerators: [any SiteGenerator] = []) {
        self.templates = templates
        self.extraGenerators = extraGenerators
    }

    /// The whole site as a list of files (tests; small sites), in the items' order and, within
    /// one place (the site-wide files, made on several threads), by path.
    package func render(_ input: SiteInput) -> [SiteFile] {
        let files = LockedBox([Int: [SiteFile]]())
        render(input) { item, file in files.withLock { $0[item.order, default: []].append(file) } }
        return files.withLock { all in
            all.keys.sorted().flatMap { order in
                let made = all[order] ?? []
                return order >= Int.max - 1 ? made.sorted { $0.path < $1.path } : made
            }
        }
    }

    /// Renders the site and hands each file to `emit` as soon as it is ready, from
    /// several threads at once (`emit` must be thread-safe), so a large site is never
    /// held in memory whole. Items `reuse` says are already in place are not made, and
    /// what they alone need is not computed: a night on which nothing changed makes only
    /// the small site-wide files. Events' descriptions and blocks come from `artefacts`
    /// where their keys match (read only when some item needs them: a night on which nothing
    /// changed does not load last night's set). When some were made tonight, `keep` is handed
    /// the set before any page is made; the set it gives back (the same, read from where it
    /// was kept) is used instead, so the made texts need not stay in memory. `spill` is handed
    /// them in runs as they are made (`EventArtefactSet.make`), before there is a set to keep.
    /// `scratch`, a folder on the site's file system, is where `events.json`, `archive.json` and
    /// the calendars are written as they are made (then emitted as files), instead of in memory.
    @discardableResult
    package func render(
        _ input: SiteInput, reuse: any RenderReuse = RenderEverything(),
        artefacts cached: @autoclosure () -> EventArtefactSet = EventArtefactSet(),
        keep: (EventArtefactSet) -> EventArtefactSet? = { _ in nil },
        spill: ([String: EventArtefacts]) -> [String: EventArtefacts]? = { _ in nil }, scratch: URL? = nil,
        emit: @escaping @Sendable (RenderItem, SiteFile) -> Void
    ) -> RenderOutcome {
        let input = input.planned()
        let keys = RenderKeys(input: input, templates: templates)
        var outcome = RenderOutcome()
        let charts = ChartFiles.charts(input)
        let work = Work(input, keys: keys, charts: charts, reuse: reuse, outcome: &outcome)

        var byEvent: [String: EventArtefacts] = [:]
        if work.needsArtefacts {
            (byEvent, outcome.artefacts, outcome.eventsRendered) = artefacts(
                input, keys: keys, cached: cached(), keep: keep, spill: spill)
        }
        // Read from where the artefacts are kept when a page asks, like the rich texts: W2's
        // 10,000 plain texts held were 13.7 MB of a full render's heap peak (heaptrack).
        outcome.plainDescriptions = TextsByEvent(byEvent, field: .plain)
        let rich = TextsByEvent(byEvent, field: .rich)
        let shared = RenderShared(
            input: input, templates: templates, descriptions: outcome.plainDescriptions,
            eventsItems: TextsByEvent(byEvent, field: .eventsItem), richDescriptions: rich,
            imageSizes: ImageAttributes.sizes(
                thumbnails: input.thumbnails.values,
                placeholder: PageContexts.placeholderSize(width: input.settings.thumbnailWidth)),
            imageDoubles: ImageAttributes.doubles(thumbnails: input.thumbnails.values),
            feedEntries: FeedEntries.make(
                input, events: keys.distinct, atom: work.atomEvents(keys, input: input), artefacts: byEvent),
            eventBlocks: EventBlocks(byEvent), charts: charts,
            fallbackImage: input.thumbnails.values.map(SitePaths.thumbnail).min() ?? SitePaths.placeholder,
            scratch: scratch)

        let (keyed, reused) = siteFilesAndKeyedItems(shared, keys: keys, reuse: reuse, emit: emit)
        outcome.itemsReused += reused
        // Items are independent: made on every core, in one pool, the site-wide files first
        // (events.json, the calendars, the keyed items with W2's archive.json, the largest
        // single item). In a second pool after the pages, W2's archive.json was made last, one
        // core busy with it for 0.1 s while the other waited (perf, a night with one change).
        // Event pages in runs of 64 and keyed items in runs of 32, each run with its own
        // formatting (not thread-safe, costly to make); each page has its own contexts.
        let eventRuns = stride(from: 0, to: work.eventPages.count, by: 64).map {
            Array(work.eventPages[$0..<min($0 + 64, work.eventPages.count)])
        }
        let keyedRuns = stride(from: 0, to: keyed.count, by: 32).map { Array(keyed[$0..<min($0 + 32, keyed.count)]) }
        let jobs: [Job] =
            [.eventsJSON, .calendars] + keyedRuns.map(Job.keyed) + work.pages.indices.map(Job.page)
            + eventRuns.map(Job.eventPages)
        make(jobs, work: work, shared: shared, emit: emit)
        outcome.itemsMade =
            (work.eventsJSON == nil ? 0 : 1) + work.calendars.count + work.pages.count + work.eventPages.count
            + keyed.count
        return outcome
    }

    /// Each job made on every core, its files handed to `emit`.
    private func make(
        _ jobs: [Job], work: Work, shared: RenderShared, emit: @escaping @Sendable (RenderItem, SiteFile) -> Void
    ) {
        let input = shared.input
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            switch jobs[index] {
            case .eventsJSON:
                if let item = work.eventsJSON { EventsJSONFile().files(shared).forEach { emit(item, $0) } }
            case .calendars:
                for (item, event) in work.calendars { emit(item, EventCalendarFiles.file(for: event, shared)) }
            case .keyed(let run):
                let formatting = EventFormatting(
                    siteTimeZone: input.settings.timeZone, language: input.settings.language)
                for keyedItem in run { keyedItem.make(formatting).forEach { emit(keyedItem.item, $0) } }
            case .page(let index):
                let (item, kind, feeds) = work.pages[index]
                let contexts = PageContexts(
                    input: input, plainDescriptions: shared.descriptions, eventBlocks: shared.eventBlocks)
                let page = SitePage(kind, input: input, contexts: contexts)
                for generator in feeds ? Self.feedGenerators : Self.pageGenerators {
                    generator.files(for: page, shared, contexts: contexts).forEach { emit(item, $0) }
                }
            case .eventPages(let run):
                let formatting = EventFormatting(
                    siteTimeZone: input.settings.timeZone, language: input.settings.language)
                for (item, page) in run {
                    EventPages.files(upcoming: page, shared: shared, formatting: formatting).forEach { emit(item, $0) }
                }
            }
        }
    }

    /// The site generators' files, emitted, and the keyed items `reuse` does not reuse (with the
    /// count it does), each generator on a core of its own: one after the other, their keys and
    /// files (the sitemap, the archive's JSON, the group pages' keys) were 0.13 s of W2's next night
    /// on one thread while the other core waited (perf).
    private func siteFilesAndKeyedItems(
        _ shared: RenderShared, keys: RenderKeys, reuse: any RenderReuse,
        emit: @escaping @Sendable (RenderItem, SiteFile) -> Void
    ) -> (keyed: [KeyedItem], reused: Int) {
        let site = RenderItem(id: "site", key: nil, order: Int.max)
        let generators = Self.siteGenerators + extraGenerators
        // An extra generator may also make keyed items (the digest: a page per night kept).
        let keyedGenerators = Self.keyedGenerators + extraGenerators.compactMap { $0 as? any KeyedSiteGenerator }
        let lists = LockedBox([Int: (keyed: [KeyedItem], reused: Int)]())
        DispatchQueue.concurrentPerform(iterations: generators.count + keyedGenerators.count) { index in
            guard index >= generators.count else {
                generators[index].files(shared).forEach { emit(site, $0) }
                return
            }
            // Each asked about before it is made (`RenderReuse` is asked from several threads at once).
            var list: (keyed: [KeyedItem], reused: Int) = ([], 0)
            for item in keyedGenerators[index - generators.count].items(shared, keys: keys) {
                if reuse.reuse(item.item) { list.reused += 1 } else { list.keyed.append(item) }
            }
            lists.withLock { $0[index] = list }
        }
        let ordered = lists.withLock { lists in lists.keys.sorted().compactMap { lists[$0] } }
        return (ordered.flatMap(\.keyed), ordered.reduce(0) { $0 + $1.reused })
    }

    /// Every event's artefacts, made where `cached` has none, and the set to keep. Made texts
    /// kept by `keep` are read back from it: held through the render, the 10,000 of W2's cold
    /// night were 83 MB of its memory peak (heaptrack).
    private func artefacts(
        _ input: SiteInput, keys: RenderKeys, cached: EventArtefactSet,
        keep: (EventArtefactSet) -> EventArtefactSet?, spill: ([String: EventArtefacts]) -> [String: EventArtefacts]?
    ) -> (byEvent: [String: EventArtefacts], kept: EventArtefactSet, made: Int) {
        let made = EventArtefactSet.make(input, keys: keys, templates: templates, reusing: cached, spill: spill)
        guard made.made > 0, let stored = keep(made.kept), stored.byKey.count == made.kept.byKey.count else {
            return made
        }
        var byEvent: [String: EventArtefacts] = [:]
        for event in keys.distinct {
            guard let artefacts = stored.byKey[keys.artefacts(of: event)] else { return made }
            byEvent[event.id] = artefacts
        }
        return (byEvent, stored, made.made)
    }

    /// A unit of the render's pool.
    private enum Job {
        case eventsJSON, calendars
        case keyed([KeyedItem])
        /// `Work.pages[index]`.
        case page(Int)
        case eventPages([(item: RenderItem, page: UpcomingEventPage)])
    }

    /// The items tonight's site must make, after asking `reuse` about each.
    private struct Work {
        var eventsJSON: RenderItem?
        var calendars: [(item: RenderItem, event: Event)] = []
        /// Upcoming events' own pages (`EventPages`).
        var eventPages: [(item: RenderItem, page: UpcomingEventPage)] = []
        /// Each page, and the feeds of those that write them (`isFeeds`).
        var pages: [(item: RenderItem, kind: SitePage.Kind, isFeeds: Bool)] = []

        init(
            _ input: SiteInput, keys: RenderKeys, charts: [String: String], reuse: any RenderReuse,
            outcome: inout RenderOutcome
        ) {
            let json = RenderItem(id: SitePaths.eventsJSON, key: keys.eventsJSON(input: input), order: 0)
            if reuse.reuse(json) { outcome.itemsReused += 1 } else { eventsJSON = json }
            // Each event's two items keyed and looked up on every core: on one, W2's 20,000 were
            // 0.19 s of every night (perf), most of it `lstat` in `RenderMemo`.
            let perEvent = Parallel.map(keys.distinct) { event in
                let stamp = input.lastChanged(event)
                let calendar = RenderItem(
                    id: EventCalendarLinks.icsPath(event), key: EventCalendarFiles.key(event, stamp: stamp, keys: keys),
                    order: 1)
                let value = UpcomingEventPage(event, input: input, foundBy: keys.foundBy[event.id] ?? [])
                let page = RenderItem(
                    id: SitePaths.eventPage(event.id), key: value.key(site: keys.site), order: Int.max - 3)
                return (calendar: reuse.reuse(calendar) ? nil : calendar, page: reuse.reuse(page) ? nil : (page, value))
            }
            for (event, items) in zip(keys.distinct, perEvent) {
                if let item = items.calendar { calendars.append((item, event)) } else { outcome.itemsReused += 1 }
                if let page = items.page { eventPages.append(page) } else { outcome.itemsReused += 1 }
            }
            let kinds = SiteRenderer.pageKinds(input)
            let pageKeys = SitePage.keys(of: kinds, input: input, keys: keys, charts: charts)
            let perPage = Parallel.map(Array(zip(kinds, pageKeys).enumerated()), serialBelow: 64) { index, entry in
                let (kind, key) = entry
                let page = RenderItem(id: SiteRenderer.path(of: kind), key: key, order: 2 + index)
                let feeds = keys.feeds(kind).map { RenderItem(id: page.id + "#feeds", key: $0, order: 2 + index) }
                return [(page, false), feeds.map { ($0, true) }].compactMap { $0 }.map { item, isFeeds in
                    (item: item, isFeeds: isFeeds, reused: reuse.reuse(item))
                }
            }
            for (kind, items) in zip(kinds, perPage) {
                for (item, isFeeds, reused) in items {
                    if reused { outcome.itemsReused += 1 } else { pages.append((item, kind, isFeeds)) }
                }
            }
        }

        /// Whether any item shows an event's description or block (the index and All events
        /// pages show neither).
        var needsArtefacts: Bool {
            eventsJSON != nil || !calendars.isEmpty || !eventPages.isEmpty
                || pages.contains { $0.isFeeds || ($0.kind != .allEvents && $0.kind != .index) }
        }

        /// The events whose Atom entries are needed: the newest of each feed to make.
        func atomEvents(_ keys: RenderKeys, input: SiteInput) -> Set<String> {
            var ids = Set<String>()
            for case (_, let kind, true) in pages {
                let events: [Event]
                switch kind {
                case .index: events = keys.distinct
                case .query(_, let outcome, page: 1): events = outcome.events
                default: continue
                }
                ids.formUnion(AtomFeed.newest(events, lastChanged: input.lastChanged).map(\.event.id))
            }
            return ids
        }
    }

    /// Every page: the index, All events, each month's pages and each query's pages.
    static func pageKinds(_ input: SiteInput) -> [SitePage.Kind] {
        let plan = input.plan
        let months = plan.months.flatMap { month in
            (1...max(1, plan.monthPages[month.key]?.count ?? 1)).map {
                SitePage.Kind.allEventsMonth(month.key, page: $0)
            }
        }
        let queries = input.fetched.outcomes.flatMap { entry in
            (1...max(1, plan.queryPages[entry.query.id]?.count ?? 1)).map {
                SitePage.Kind.query(entry.query, entry.outcome, page: $0)
            }
        }
        return [.index, .allEvents] + months + queries
    }

    /// The site path (without suffix) of every page, for the sitemap.
    static func pagePaths(_ input: SiteInput) -> [String] {
        pageKinds(input).map(path(of:)) + input.plan.distinct.map { SitePaths.eventPage($0.id) }
            + (input.record?.events ?? []).filter { $0.start.date < input.generatedAt }.map {
                SitePaths.eventPage($0.id)
            }
    }

    static func path(of kind: SitePage.Kind) -> String {
        switch kind {
        case .index: SitePaths.index
        case .allEvents: SitePaths.allEvents
        case .allEventsMonth(let month, let page): Pagination.path(SitePaths.allEventsMonth(month), page: page)
        case .query(let query, _, let page): Pagination.path(SitePaths.queryPage(query), page: page)
        }
    }
}
