import Foundation

/// Renders the whole site as a list of files: each page as Markdown (`.md`, kept
/// for readers and diffing) and as HTML (cmark, wrapped in the layout), the Atom
/// feeds and iCalendar files (site-wide and per query), `events.json`,
/// `sitemap.xml`, the stylesheet, the placeholder and the thumbnails.
/// Pure given its input: the same input gives byte-identical files.
public struct SiteRenderer: Sendable {
    public let templates: SiteTemplates

    public init(templates: SiteTemplates) {
        self.templates = templates
    }

    public static let siteFeedPath = "feed.atom"
    public static let siteCalendarPath = "calendar.ics"

    /// One page and, unless it shares them, its feed and calendar.
    private enum Page {
        case index, allEvents
        case query(EventQuery, QueryOutcome)
        /// Not a page, but as big as one: rendered alongside them.
        case eventsJSON

        var isIndex: Bool { if case .index = self { true } else { false } }
    }

    /// The whole site as a list of files (tests; small sites).
    public func render(_ input: SiteInput) -> [SiteFile] {
        let files = LockedBox([Int: [SiteFile]]())
        render(input) { order, file in files.withLock { $0[order, default: []].append(file) } }
        return files.withLock { all in all.keys.sorted().flatMap { all[$0] ?? [] } }
    }

    /// Renders the site and hands each file to `emit` as soon as it is ready, from
    /// several threads at once (`emit` must be thread-safe), so a large site is never
    /// held in memory whole. `order` is the file's page index, for callers that collect.
    public func render(_ input: SiteInput, emit: @escaping @Sendable (_ order: Int, SiteFile) -> Void) {
        let config = input.config
        let descriptions = PageContexts.plainDescriptions(of: input)
        let imageSizes = ImageAttributes.sizes(thumbnails: input.thumbnails.values,
                                               placeholder: PageContexts.placeholderSize(width: config.thumbnailWidth))
        let feedEntries = FeedEntries.make(input, plainDescriptions: descriptions)
        let eventBlocks = EventBlocks.make(input, templates: templates, plainDescriptions: descriptions)
        let pages: [Page] = [.eventsJSON, .index, .allEvents] + input.fetched.outcomes.map { Page.query($0.query, $0.outcome) }

        // Pages are independent: render them on every core. Each worker has its own
        // contexts, because the date formatters inside are not thread-safe.
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            let contexts = PageContexts(input: input, plainDescriptions: descriptions, eventBlocks: eventBlocks)
            for file in render(pages[index], input: input, contexts: contexts, imageSizes: imageSizes, feedEntries: feedEntries) {
                emit(index, file)
            }
        }
        let last = pages.count
        var files: [SiteFile] = []

        let pagePaths = ["index.html", "\(PageContexts.allEventsPath).html"]
            + input.fetched.outcomes.map { "\(PageContexts.queryPagePath($0.query)).html" }
        files.append(.text("sitemap.xml", Sitemap.render(paths: pagePaths, baseURL: config.baseURL)))
        files.append(SiteFile(path: "assets/style.css", contents: .file(templates.asset("style.css"))))
        files.append(SiteFile(path: PageContexts.placeholderPath, contents: .file(templates.asset("placeholder.svg"))))

        for (path, svg) in Self.charts(input) { files.append(.text(path, svg + "\n")) }

        let shown = Set(input.fetched.distinctEvents.compactMap(\.displayPhotoURL))
        let thumbnails = input.thumbnails.filter { shown.contains($0.key) }.map(\.value).sorted { $0.publishedName < $1.publishedName }
        for thumbnail in thumbnails {
            files.append(SiteFile(path: "thumbs/\(thumbnail.publishedName)", contents: .file(thumbnail.file)))
        }
        files.forEach { emit(last, $0) }
    }

    private func render(_ page: Page, input: SiteInput, contexts: PageContexts, imageSizes: [String: PixelSize],
                        feedEntries: FeedEntries) -> [SiteFile] {
        let config = input.config
        let path, title, root, template, feed, calendar, feedTitle: String
        let context: [String: Any]
        let events: [Event]
        var writesFeeds = true
        switch page {
        case .eventsJSON:
            return [SiteFile(path: "events.json", contents: .bytes(Data(EventsJSON.make(input).serialized().utf8)))]
        case .index:
            (path, title, root, template) = ("index", config.siteTitle, "", "index.md")
            (feed, calendar, feedTitle) = (Self.siteFeedPath, Self.siteCalendarPath, config.siteTitle)
            (context, events) = (contexts.index(), input.fetched.distinctEvents)
        case .allEvents:
            // Shares the site-wide feed and calendar written with the index.
            (path, title, root, template) = (PageContexts.allEventsPath, "All events · \(config.siteTitle)", "", "all.md")
            (feed, calendar, feedTitle) = (Self.siteFeedPath, Self.siteCalendarPath, config.siteTitle)
            (context, events) = (contexts.allEvents(), input.fetched.distinctEvents)
            writesFeeds = false
        case .query(let query, let outcome):
            let queryPath = PageContexts.queryPagePath(query)
            (path, title, root, template) = (queryPath, "\(query.title) · \(config.siteTitle)", "../", "query.md")
            (feed, calendar, feedTitle) = ("\(queryPath).atom", "\(queryPath).ics", "\(query.title) · \(config.siteTitle)")
            (context, events) = (contexts.queryPage(query, outcome: outcome), outcome.events)
        }

        let markdown = templates.render(template, context)
        let html = templates.render("layout.html", [
            "pageTitle": title,
            "siteTitle": config.siteTitle,
            "root": root,
            "content": TrendChart.inline(ImageAttributes.annotate(CommonMark.html(from: markdown), root: root, sizes: imageSizes),
                                         root: root, charts: page.isIndex ? Self.charts(input) : [:]),
            "generatedAt": contexts.formatting.generatedAt(input.generatedAt),
            "feedTitle": feedTitle,
            "atomPath": feed,
            "icsPath": calendar,
            "webcalURL": Self.webcal(Sitemap.absolute(calendar, baseURL: config.baseURL)),
        ])
        var files: [SiteFile] = [.text(path + ".md", markdown), .text(path + ".html", html)]
        guard writesFeeds else { return files }
        files.append(.text(feed, AtomFeed(title: feedTitle, feedURL: Sitemap.absolute(feed, baseURL: config.baseURL),
                                          pageURL: Sitemap.absolute(path + ".html", baseURL: config.baseURL),
                                          author: config.siteTitle, generatedAt: input.generatedAt)
            .render(events) { feedEntries.atom[$0.id] ?? "" }))
        files.append(.text(calendar, ICalendar(name: feedTitle, generatedAt: input.generatedAt)
            .render(events) { feedEntries.calendar[$0.id] ?? "" }))
        return files
    }

    /// Each query's trend chart, by site path: written as a file and inlined in the index.
    static func charts(_ input: SiteInput) -> [String: String] {
        var charts: [String: String] = [:]
        for entry in input.fetched.outcomes {
            guard let counts = input.history?.counts[entry.query.id], counts.count > 1 else { continue }
            charts[PageContexts.chartPath(entry.query)] = TrendChart.svg(
                counts: counts, label: "\(entry.query.title): events found in the last \(counts.count) runs")
        }
        return charts
    }

    /// The same address with the `webcal` scheme, which calendar apps open as a subscription.
    static func webcal(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = "webcal"
        return components.string ?? url.absoluteString
    }
}
