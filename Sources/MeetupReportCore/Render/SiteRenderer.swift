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

    public func render(_ input: SiteInput) -> [SiteFile] {
        let contexts = PageContexts(input: input)
        let config = input.config
        var files: [SiteFile] = []
        var pagePaths: [String] = []
        let imageSizes = ImageAttributes.sizes(thumbnails: input.thumbnails.values, placeholder: contexts.placeholderSize)

        func page(_ path: String, title: String, root: String, template: String, context: [String: Any],
                  feed: String, calendar: String, events: [Event], feedTitle: String, writesFeeds: Bool = true) {
            let markdown = templates.render(template, context)
            let body = ImageAttributes.annotate(CommonMark.html(from: markdown), root: root, sizes: imageSizes)
            let html = templates.render("layout.html", [
                "pageTitle": title,
                "siteTitle": config.siteTitle,
                "root": root,
                "content": body,
                "generatedAt": contexts.formatting.generatedAt(input.generatedAt),
                "feedTitle": feedTitle,
                "atomPath": feed,
                "icsPath": calendar,
                "webcalURL": Self.webcal(Sitemap.absolute(calendar, baseURL: config.baseURL)),
            ])
            files.append(.text(path + ".md", markdown))
            files.append(.text(path + ".html", html))
            pagePaths.append(path + ".html")
            guard writesFeeds else { return }
            files.append(.text(feed, AtomFeed(title: feedTitle, feedURL: Sitemap.absolute(feed, baseURL: config.baseURL),
                                              pageURL: Sitemap.absolute(path + ".html", baseURL: config.baseURL),
                                              author: config.siteTitle, generatedAt: input.generatedAt)
                .render(events, formatting: contexts.formatting) { contexts.excerpt(of: $0, maxLength: 500) }))
            files.append(.text(calendar, ICalendar(name: feedTitle, generatedAt: input.generatedAt)
                .render(events) { contexts.excerpt(of: $0, maxLength: 500) }))
        }

        let allEvents = input.fetched.distinctEvents
        page("index", title: config.siteTitle, root: "", template: "index.md", context: contexts.index(),
             feed: Self.siteFeedPath, calendar: Self.siteCalendarPath, events: allEvents, feedTitle: config.siteTitle)
        // The "All events" page shares the site-wide feed and calendar written for the index.
        page(PageContexts.allEventsPath, title: "All events · \(config.siteTitle)", root: "", template: "all.md",
             context: contexts.allEvents(), feed: Self.siteFeedPath, calendar: Self.siteCalendarPath, events: allEvents,
             feedTitle: config.siteTitle, writesFeeds: false)

        for entry in input.fetched.outcomes {
            let path = PageContexts.queryPagePath(entry.query)
            page(path, title: "\(entry.query.title) · \(config.siteTitle)", root: "../", template: "query.md",
                 context: contexts.queryPage(entry.query, outcome: entry.outcome),
                 feed: "\(path).atom", calendar: "\(path).ics", events: entry.outcome.events,
                 feedTitle: "\(entry.query.title) · \(config.siteTitle)")
        }

        files.append(SiteFile(path: "events.json", contents: .bytes(EventsJSON.make(input).encoded())))
        files.append(.text("sitemap.xml", Sitemap.render(paths: pagePaths, baseURL: config.baseURL)))
        files.append(SiteFile(path: "assets/style.css", contents: .file(templates.asset("style.css"))))
        files.append(SiteFile(path: PageContexts.placeholderPath, contents: .file(templates.asset("placeholder.svg"))))

        let shown = Set(allEvents.compactMap(\.displayPhotoURL))
        let thumbnails = input.thumbnails.filter { shown.contains($0.key) }.map(\.value).sorted { $0.publishedName < $1.publishedName }
        for thumbnail in thumbnails {
            files.append(SiteFile(path: "thumbs/\(thumbnail.publishedName)", contents: .file(thumbnail.file)))
        }
        return files
    }

    /// The same address with the `webcal` scheme, which calendar apps open as a subscription.
    static func webcal(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = "webcal"
        return components.string ?? url.absoluteString
    }
}
