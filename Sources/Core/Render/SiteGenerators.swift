import Foundation
import MeetupModel
import MeetupSupport

/// What the renderer shares with every generator: the input and what is made from
/// it once (plain descriptions, feed entries, event blocks, image sizes, charts).
package struct RenderShared: Sendable {
    package let input: SiteInput
    let templates: SiteTemplates
    let descriptions: TextsByEvent
    /// Each event's item of `events.json`, as its artefacts keep it.
    var eventsItems: TextsByEvent = [:]
    /// Each event's description as HTML, by its marker (`DescriptionRendering`).
    let richDescriptions: TextsByEvent
    let imageSizes: [String: PixelSize]
    /// Thumbnails' double-density twins by site path (`srcset`).
    let imageDoubles: [String: String]
    let feedEntries: FeedEntries
    let eventBlocks: EventBlocks
    /// Each query's trend chart by site path: written as files and inlined in the index.
    let charts: [String: String]
    /// The picture of a page that has none of its own (link previews): the first thumbnail by
    /// name, else the placeholder. Worked out once, not once per page (W1: 400 thumbnails
    /// named for each of 9,000 pages).
    let fallbackImage: String
    /// A folder on the site's file system where a large file (`events.json`) is written as it
    /// is made, then handed on as a file to link; nil: every file is made in memory.
    var scratch: URL? = nil

    /// The file at `path` written into the scratch folder by `write`, as a site file to link in;
    /// nil without a scratch folder or when it cannot be written (the caller makes it in memory).
    func writeInScratch(_ path: String, _ write: (BufferedFile) -> Void) -> SiteFile? {
        guard let folder = scratch else { return nil }
        let file = folder.appendingPathComponent(path, isDirectory: false)
        guard let output = try? BufferedFile(replacing: file) else { return nil }
        write(output)
        return (try? output.commit()).map { SiteFile(path: path, contents: .file(file)) }
    }

    /// The site has archive pages: the record holds an event that has taken place.
    var hasArchive: Bool { input.hasArchive }
}

/// Files made once for the whole site.
package protocol SiteGenerator: Sendable {
    func files(_ shared: RenderShared) -> [SiteFile]
}

/// Files made in items of their own, each with a key, so the memo reuses an item whose key
/// did not change (the group pages: hundreds on a network's site, most unchanged a night).
protocol KeyedSiteGenerator: Sendable {
    func items(_ shared: RenderShared, keys: RenderKeys) -> [KeyedItem]
}

/// One keyed item and how to make its files, with the formatting of the run of items it is
/// made in (a DateFormatter is costly to make: one per run, not one per page).
struct KeyedItem: Sendable {
    let item: RenderItem
    let make: @Sendable (EventFormatting) -> [SiteFile]
}

/// Files made for each page (the page itself, its feed, its calendar).
protocol PageGenerator: Sendable {
    func files(for page: SitePage, _ shared: RenderShared, contexts: PageContexts) -> [SiteFile]
}

/// `events.json`: every upcoming event, for scripts (schema in docs/running.md).
struct EventsJSONFile: SiteGenerator {
    func files(_ shared: RenderShared) -> [SiteFile] {
        let items = EventsJSON.items(shared.input, descriptions: shared.descriptions, kept: shared.eventsItems)
        let written = shared.writeInScratch(SitePaths.eventsJSON) {
            EventsJSON.write(shared.input, items: items, to: $0)
        }
        if let written { return [written] }
        return [SiteFile(path: SitePaths.eventsJSON, contents: .bytes(EventsJSON.data(shared.input, items: items)))]
    }
}

/// `sitemap.xml`: the HTML pages.
struct SitemapFile: SiteGenerator {
    func files(_ shared: RenderShared) -> [SiteFile] {
        let pagePaths =
            SiteRenderer.pagePaths(shared.input).map { $0 + ".html" }
            + (shared.input.groups.map { $0.sections.isEmpty } == false ? ["\(SitePaths.groups).html"] : [])
        return [.text(SitePaths.sitemap, Sitemap.render(paths: pagePaths, baseURL: shared.input.settings.baseURL))]
    }
}

/// The stylesheet and the placeholder picture, from the templates folder.
struct AssetFiles: SiteGenerator {
    func files(_ shared: RenderShared) -> [SiteFile] {
        var files = [
            SiteFile(path: SitePaths.stylesheet, contents: .file(shared.templates.asset("style.css"))),
            SiteFile(path: SitePaths.placeholder, contents: .file(shared.templates.asset("placeholder.svg"))),
        ]
        // Optional, so template folders made before it still work.
        let favicon = shared.templates.asset("favicon.svg")
        if FileManager.default.fileExists(atPath: favicon.path) {
            files.append(SiteFile(path: SitePaths.favicon, contents: .file(favicon)))
        }
        return files
    }
}

/// `charts/<query>.svg`: each query's trend, when the history has more than one run.
struct ChartFiles: SiteGenerator {
    func files(_ shared: RenderShared) -> [SiteFile] {
        shared.charts.map { path, svg in .text(path, svg + "\n") }
    }

    static func charts(_ input: SiteInput) -> [String: String] {
        var charts: [String: String] = [:]
        for entry in input.fetched.outcomes {
            guard let counts = input.history?.counts[entry.query.id], counts.count > 1 else { continue }
            charts[SitePaths.chart(entry.query)] = TrendChart.svg(
                counts: counts,
                label: input.settings.language.plural(
                    counts.count, "{query}: events found in the last run",
                    "{query}: events found in the last {count} runs",
                    ["query": entry.query.title]))
        }
        return charts
    }
}

/// `thumbs/…`: the thumbnails of the events shown, hard-linked from the cache.
struct ThumbnailFiles: SiteGenerator {
    func files(_ shared: RenderShared) -> [SiteFile] {
        let shown = Set(shared.input.plan.distinct.compactMap(\.displayPhotoURL))
        return shared.input.thumbnails.filter { shown.contains($0.key) }.map(\.value)
            .sorted { $0.publishedName < $1.publishedName }
            .flatMap { thumbnail in
                [SiteFile(path: SitePaths.thumbnail(thumbnail), contents: .file(thumbnail.file))]
                    + (thumbnail.double.map { [SiteFile(path: "thumbs/\($0.publishedName)", contents: .file($0.file))] }
                        ?? [])
            }
    }
}

/// The page as Markdown (`.md`, for readers and diffing) and as HTML in the layout.
package struct PageFiles: PageGenerator {
    func files(for page: SitePage, _ shared: RenderShared, contexts: PageContexts) -> [SiteFile] {
        let markdown = shared.templates.render(page.template, page.context)
        let layout = ListPageLayout(page, charts: shared.charts, thumbnails: shared.input.thumbnails)
        let html = Self.layout(
            markdown: markdown, title: layout.title, path: layout.path, description: layout.description,
            root: layout.root, feed: layout.feed, calendar: layout.calendar, feedTitle: layout.feedTitle,
            charts: layout.charts, image: layout.image, anchors: layout.anchors.events, pageKind: layout.pageKind,
            previousPage: layout.previousPage, nextPage: layout.nextPage, shared: shared,
            formatting: contexts.formatting)
        return [.text(page.path + ".md", DescriptionRendering.strip(markdown)), .text(page.path + ".html", html)]
    }

    /// A page's Markdown as HTML (cmark, no raw HTML), in the site's layout.
    /// - Parameters:
    ///   - path: the page's site path without suffix, for its canonical URL.
    ///   - image: a site path for `og:image` (a thumbnail; nil for the site's picture).
    package static func layout(
        markdown: String, title: String, path: String, description: String, root: String, feed: String,
        calendar: String = SitePaths.siteCalendar, feedTitle: String, charts: [String: String] = [:],
        image: String? = nil, anchors: [Event] = [], pageKind: String = "page", baseHref: String? = nil,
        previousPage: String? = nil, nextPage: String? = nil, event: EventPageMeta? = nil,
        shared: RenderShared, formatting: EventFormatting
    ) -> String {
        let settings = shared.input.settings
        let body = PageBody(
            root: root, imageSizes: shared.imageSizes, imageDoubles: shared.imageDoubles,
            descriptions: shared.richDescriptions, charts: charts,
            anchors: anchors, wholeDescription: event?.descriptionHTML, language: settings.language
        ).html(from: markdown)
        let fallbackImage = shared.fallbackImage
        return shared.templates.render(
            "layout.html",
            [
                "pageTitle": title,
                "pageKind": pageKind,
                // The search box on every page but the 404 (which may be served at any path).
                "search": settings.search && baseHref == nil,
                "baseHref": baseHref ?? false,
                "previousPage": previousPage.map { "\(root)\($0).html" } ?? false,
                "nextPage": nextPage.map { "\(root)\($0).html" } ?? false,
                // A page served at any path carries its styles: it looks right even where the site's
                // address cannot be reached (a preview, a host that serves it from elsewhere).
                "inlineStyle": baseHref.flatMap { _ in
                    try? String(contentsOf: shared.templates.asset("style.css"), encoding: .utf8)
                } as Any? ?? false,
                "description": TextCleaning.truncated(TextCleaning.singleLine(description), maxLength: 200),
                "canonicalURL": Sitemap.absolute(path + ".html", baseURL: settings.baseURL).absoluteString,
                "imageURL": Sitemap.absolute(image ?? fallbackImage, baseURL: settings.baseURL).absoluteString,
                // An event's page: its JSON-LD, a large card where it has a photo, the photo's words.
                "jsonLD": event.map(\.jsonLD) ?? false,
                "twitterCard": event?.hasPhoto == true ? "summary_large_image" : "summary",
                "imageAlt": event.flatMap { $0.imageAlt.isEmpty ? nil : $0.imageAlt } ?? false,
                "siteTitle": settings.title,
                "eventSources": settings.eventSources,
                "language": settings.language.tag,
                "groupsPage": shared.input.groups.map { !$0.sections.isEmpty } ?? false,
                "archivePage": shared.hasArchive,
                "root": root,
                "content": body,
                "feedTitle": feedTitle,
                "atomPath": feed,
                "icsPath": calendar,
                "webcalURL": webcal(Sitemap.absolute(calendar, baseURL: settings.baseURL)),
                "searchRoot": root + (settings.folder.isEmpty ? "" : "../"),
                "alternates": alternates(settings, path: path),
                "hasLanguages": !settings.translations.isEmpty,
                "languages": settings.translations.isEmpty
                    ? false
                    : settings.translations.map { other -> [String: Any] in
                        [
                            "name": other.name, "hreflang": other.tag, "current": other.tag == settings.language.tag,
                            "href": root + "../" + other.folder + path + ".html",
                        ]
                    },
            ])
    }

    /// The same page in each of the site's languages, and the first as the default: `hreflang`.
    static func alternates(_ settings: SiteSettings, path: String) -> Any {
        guard let first = settings.translations.first, let root = settings.rootURL else { return false }
        let link = { (folder: String) in Sitemap.absolute(folder + path + ".html", baseURL: root).absoluteString }
        return settings.translations.map { ["hreflang": $0.tag, "href": link($0.folder)] }
            + [["hreflang": "x-default", "href": link(first.folder)]]
    }

    /// The same address with the `webcal` scheme, which calendar apps open as a subscription.
    static func webcal(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = "webcal"
        return components.string ?? url.absoluteString
    }
}

/// What the layout adds for an event's own page.
package struct EventPageMeta: Sendable {
    /// The `application/ld+json` block's text (`EventJSONLD.scriptBlock`).
    var jsonLD: String
    var descriptionHTML: String?
    var hasPhoto: Bool
    var imageAlt: String
}

/// The page's Atom feed (pages that share the site feed write none).
struct AtomFeedFile: PageGenerator {
    func files(for page: SitePage, _ shared: RenderShared, contexts: PageContexts) -> [SiteFile] {
        guard page.writesFeeds else { return [] }
        let settings = shared.input.settings
        let feed = AtomFeed(
            title: page.feedTitle, feedURL: Sitemap.absolute(page.feed, baseURL: settings.baseURL),
            pageURL: Sitemap.absolute(page.path + ".html", baseURL: settings.baseURL),
            author: settings.title, generatedAt: shared.input.generatedAt)
        return [
            .text(
                page.feed,
                feed.render(page.feedEvents, lastChanged: shared.input.lastChanged) {
                    shared.feedEntries.atom[$0.id] ?? ""
                })
        ]
    }
}

/// The page's iCalendar file, to subscribe to.
struct CalendarFile: PageGenerator {
    func files(for page: SitePage, _ shared: RenderShared, contexts: PageContexts) -> [SiteFile] {
        guard page.writesFeeds else { return [] }
        let calendar = ICalendar(name: page.feedTitle)
        let entry = { (event: Event) in shared.feedEntries.calendar(event) }
        let bytes = { (event: Event) in shared.feedEntries.calendarBytes(event) }
        if let file = shared.writeInScratch(page.calendar, { calendar.write(page.feedEvents, event: bytes, to: $0) }) {
            return [file]
        }
        return [SiteFile(path: page.calendar, contents: .bytes(calendar.data(page.feedEvents, event: entry)))]
    }
}

/// `404.html`: what a web server shows for a missing page (most static hosts pick it up
/// by name). It is served at any path, so its links resolve against the site's address
/// (`<base href>`), wherever the site lives on its host.
struct NotFoundPage: SiteGenerator {
    func files(_ shared: RenderShared) -> [SiteFile] {
        let settings = shared.input.settings
        var base = settings.baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        let root = ""
        let markdown = shared.templates.render("404.md", ["root": root, "allEvents": SitePaths.allEvents])
        let html = PageFiles.layout(
            markdown: markdown, title: settings.language.localized("Page not found") + " · \(settings.title)",
            path: SitePaths.notFound, description: settings.language.localized("This page does not exist."), root: root,
            feed: SitePaths.siteFeed,
            feedTitle: settings.title, pageKind: "not-found", baseHref: base, shared: shared,
            formatting: EventFormatting(siteTimeZone: settings.timeZone, language: settings.language))
        return [.text(SitePaths.notFound + ".html", html)]
    }
}
