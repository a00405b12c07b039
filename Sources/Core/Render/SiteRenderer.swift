import Foundation
import MeetupSupport

/// Renders the whole site as files: every page through the page generators (Markdown,
/// HTML, Atom, iCalendar), then the site generators (events.json, the sitemap, assets,
/// charts, thumbnails), then the generators of the layers above (the digest). A new
/// kind of output is one more generator in a list.
/// Pure given its input: the same input gives byte-identical files.
public struct SiteRenderer: Sendable {
    public let templates: SiteTemplates
    /// Site generators from the layers above Render, run after its own.
    let extraGenerators: [any SiteGenerator]

    static let pageGenerators: [any PageGenerator] = [PageFiles(), AtomFeedFile(), CalendarFile()]
    static let siteGenerators: [any SiteGenerator] = [SitemapFile(), AssetFiles(), ChartFiles(), ThumbnailFiles(), NotFoundPage(), GroupsPage()]
    /// A site generator as big as a page, rendered alongside the pages.
    static let heavySiteGenerators: [any SiteGenerator] = [EventsJSONFile(), EventCalendarFiles()]

    package init(templates: SiteTemplates, extraGenerators: [any SiteGenerator] = []) {
        self.templates = templates
        self.extraGenerators = extraGenerators
    }

    /// The whole site as a list of files (tests; small sites).
    public func render(_ input: SiteInput) -> [SiteFile] {
        let files = LockedBox([Int: [SiteFile]]())
        render(input) { order, file in files.withLock { $0[order, default: []].append(file) } }
        return files.withLock { all in all.keys.sorted().flatMap { all[$0] ?? [] } }
    }

    /// Renders the site and hands each file to `emit` as soon as it is ready, from
    /// several threads at once (`emit` must be thread-safe), so a large site is never
    /// held in memory whole. `order` is the file's work-item index, for callers that collect.
    public func render(_ input: SiteInput, emit: @escaping @Sendable (_ order: Int, SiteFile) -> Void) {
        let descriptions = PageContexts.plainDescriptions(of: input)
        let rich = DescriptionRendering.all(input.fetched.distinctEvents)
        let shared = RenderShared(
            input: input, templates: templates, descriptions: descriptions, richDescriptions: rich,
            imageSizes: ImageAttributes.sizes(thumbnails: input.thumbnails.values,
                                              placeholder: PageContexts.placeholderSize(width: input.config.thumbnailWidth)),
            feedEntries: FeedEntries.make(input, plainDescriptions: descriptions, richDescriptions: rich),
            eventBlocks: EventBlocks.make(input, templates: templates, plainDescriptions: descriptions),
            charts: ChartFiles.charts(input))
        let heavy = Self.heavySiteGenerators
        let pages = Self.pageKinds(input)

        // Pages are independent: render them on every core. Each worker has its own
        // contexts, because the date formatters inside are not thread-safe.
        DispatchQueue.concurrentPerform(iterations: heavy.count + pages.count) { index in
            if index < heavy.count { return heavy[index].files(shared).forEach { emit(index, $0) } }
            let contexts = PageContexts(input: input, plainDescriptions: descriptions, eventBlocks: shared.eventBlocks)
            let page = SitePage(pages[index - heavy.count], input: input, contexts: contexts)
            for generator in Self.pageGenerators {
                generator.files(for: page, shared, contexts: contexts).forEach { emit(index, $0) }
            }
        }
        let last = heavy.count + pages.count
        for generator in Self.siteGenerators + extraGenerators { generator.files(shared).forEach { emit(last, $0) } }
    }

    /// Every page: the index, All events, each month's pages and each query's pages.
    static func pageKinds(_ input: SiteInput) -> [SitePage.Kind] {
        let zone = input.config.timeZone
        let months = SitePaths.months(of: input.fetched.distinctEvents, timeZone: zone).flatMap { month in
            (1...Pagination.pages(SitePaths.chronological(month.events), timeZone: zone).count).map { SitePage.Kind.allEventsMonth(month.key, page: $0) }
        }
        let queries = input.fetched.outcomes.flatMap { entry in
            (1...Pagination.pages(SitePaths.chronological(entry.outcome.events), timeZone: zone).count).map {
                SitePage.Kind.query(entry.query, entry.outcome, page: $0)
            }
        }
        return [.index, .allEvents] + months + queries
    }

    /// The site path (without suffix) of every page, for the sitemap.
    static func pagePaths(_ input: SiteInput) -> [String] {
        pageKinds(input).map { kind in
            switch kind {
            case .index: SitePaths.index
            case .allEvents: SitePaths.allEvents
            case .allEventsMonth(let month, let page): Pagination.path(SitePaths.allEventsMonth(month), page: page)
            case .query(let query, _, let page): Pagination.path(SitePaths.queryPage(query), page: page)
            }
        }
    }
}
