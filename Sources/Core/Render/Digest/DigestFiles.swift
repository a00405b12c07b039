import Foundation
import MeetupSupport

/// The digest in the site: `digest.md`/`.html` (tonight's, linked from the index),
/// `digests/<day>.md`/`.html` for every night kept, `digests/index.html` (newest first)
/// and `digest.atom`, one entry a night (the newest 100) whose content is that night's digest.
package struct DigestFiles: SiteGenerator, KeyedSiteGenerator {
    /// Every day's digest kept, tonight's first (offline: the last run's), newest first.
    let archive: [DigestArchive.Entry]

    package init(archive: [DigestArchive.Entry]) {
        self.archive = archive
    }

    package static let page = "digest"
    static let archiveFolder = "digests"
    static let feed = "digest.atom"

    package func files(_ shared: RenderShared) -> [SiteFile] {
        let input = shared.input
        // Tonight's entry leads the archive (offline, the last run's does), with its thumbnails.
        let tonight = archive.first?.pageMarkdown
        guard let tonight else { return [] }
        let formatting = EventFormatting(siteTimeZone: input.settings.timeZone, language: input.settings.language)
        func page(_ path: String, _ markdown: String, title: String, root: String) -> [SiteFile] {
            Self.page(path, markdown, title: title, root: root, shared: shared, formatting: formatting)
        }
        // Each night's own page is a keyed item (`items`): made again only when it changes.
        let language = input.settings.language
        var files = page(Self.page, tonight, title: Self.feedTitle(input.settings), root: "")
        let list = archive.map { entry in
            "- [\(MarkdownEscaping.text(entry.title))](<\(entry.day).html>)"
                + (entry.isQuiet ? " · " + MarkdownEscaping.text(language.localized("quiet night")) : "")
        }
        let heading = language.localized("{site}: every night's digest", ["site": input.settings.title])
        let index =
            "# " + MarkdownEscaping.text(heading) + "\n\n"
            + (list.isEmpty
                ? MarkdownEscaping.text(language.localized("No digest yet.")) + "\n"
                : list.joined(separator: "\n") + "\n")
        files += page(
            "\(Self.archiveFolder)/index", index,
            title: language.localized("Digests · {site}", ["site": input.settings.title]), root: "../")
        files.append(.text(Self.feed, feed(Array(archive.prefix(AtomFeed.entryLimit)), input: input)))
        return files
    }

    /// `digests/<day>`: a page per night kept, each an item of the render memo keyed by its
    /// digest (every night's page was laid out again each night: a year of nights, 365 pages).
    func items(_ shared: RenderShared, keys: RenderKeys) -> [KeyedItem] {
        let settings = shared.input.settings
        return archive.map { entry in
            let path = "\(Self.archiveFolder)/\(entry.day)"
            let key = ContentHash.Builder(keys.site, "digest night 1", entry.day, entry.title, entry.markdown)
            return KeyedItem(item: RenderItem(id: path, key: key.hex(), order: Int.max - 1)) { formatting in
                Self.page(
                    path, entry.markdown, title: "\(entry.title) · \(settings.title)", root: "../", shared: shared,
                    formatting: formatting)
            }
        }
    }

    /// A digest page, as Markdown and in the site's layout.
    private static func page(
        _ path: String, _ markdown: String, title: String, root: String, shared: RenderShared,
        formatting: EventFormatting
    ) -> [SiteFile] {
        let settings = shared.input.settings
        return [
            .text(path + ".md", markdown),
            .text(
                path + ".html",
                PageFiles.layout(
                    markdown: markdown, title: title, path: path,
                    description: settings.language.localized(
                        "What is new, moved and cancelled among {site}.", ["site": settings.title]),
                    root: root, feed: feed, feedTitle: feedTitle(settings),
                    shared: shared, formatting: formatting)),
        ]
    }

    /// "Digest · Berlin Tech Meetups".
    static func feedTitle(_ settings: SiteSettings) -> String {
        settings.language.localized("Digest · {site}", ["site": settings.title])
    }

    /// One entry a night; a feed reader gets one item a night, not one per event.
    private func feed(_ archive: [DigestArchive.Entry], input: SiteInput) -> String {
        let base = input.settings.baseURL
        let feed = AtomFeed(
            title: Self.feedTitle(input.settings), feedURL: Sitemap.absolute(Self.feed, baseURL: base),
            pageURL: Sitemap.absolute("\(Self.archiveFolder)/index.html", baseURL: base),
            author: input.settings.title, generatedAt: input.generatedAt)
        let entries = archive.map { entry in
            let url = Sitemap.absolute("\(Self.archiveFolder)/\(entry.day).html", baseURL: base).absoluteString
            return "<entry>\n<id>urn:meetup-report:digest:\(XMLEscaping.escape(entry.day))</id>\n"
                + "<title type=\"text\">\(XMLEscaping.escape(entry.title))</title>\n"
                + "<link rel=\"alternate\" type=\"text/html\" href=\"\(XMLEscaping.escape(url))\"/>\n"
                + "<published>\(ISO8601.formatUTC(entry.date))</published>\n<updated>\(ISO8601.formatUTC(entry.date))</updated>\n"
                + "<content type=\"html\">\(XMLEscaping.escape(CommonMark.html(from: entry.markdown)))</content>\n</entry>\n"
        }
        return feed.document(updated: archive.first?.date ?? input.generatedAt, entries: entries)
    }
}
