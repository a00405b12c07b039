import Foundation
import MeetupModel
import MeetupSupport

/// The night's digest for a chat room: a title, its sections of entries (each one line of
/// untrusted text and a link), the night in numbers and the digest page's address. The
/// services' messages (`ChatMessages`) are made from this, each escaping for its own markup.
package struct ChatDigest: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package init(title: String, detail: String, link: URL?) {
            self.title = title
            self.detail = detail
            self.link = link
        }

        /// The event's title (untrusted, one line).
        package var title: String
        /// When, where, which group (untrusted, one line).
        package var detail: String
        /// The event's page on the site, else its Meetup page; only http(s).
        package var link: URL?
    }

    package struct Section: Sendable, Equatable {
        /// What the section holds, whatever its heading says in the site's language.
        package enum Kind: Sendable, Equatable { case new, moved, removed, unchecked, quietGroups, thisWeek }

        package init(_ kind: Kind, heading: String, entries: [Entry]) {
            self.kind = kind
            self.heading = heading
            self.entries = entries
        }

        package var kind: Kind
        package var heading: String
        package var entries: [Entry]
    }

    package var title: String
    package var notice: String?
    package var sections: [Section]
    /// "2 new · 1 moved · 1 cancelled · 12 this week".
    package var counts: String
    /// The digest page on the site.
    package var pageURL: URL
    /// The words the messages add (the digest page, how many more).
    package var language: SiteLanguage

    /// Every entry, in order, with its section's kind and heading.
    package var entries: [(kind: Section.Kind, heading: String, entry: Entry)] {
        sections.flatMap { section in section.entries.map { (section.kind, section.heading, $0) } }
    }

    package init(
        title: String, notice: String? = nil, sections: [Section], counts: String, pageURL: URL,
        language: SiteLanguage = .english
    ) {
        self.title = title
        self.notice = notice
        self.sections = sections
        self.counts = counts
        self.pageURL = pageURL
        self.language = language
    }

    /// "the digest page", the words of its link.
    var pageLabel: String { language.localized("the digest page") }

    /// "… and 3 more"; "… and 3 more on <page>".
    func more(_ count: Int, on page: String? = nil) -> String {
        guard let page else { return language.plural(count, "… and {count} more", "… and {count} more") }
        return language.plural(count, "… and {count} more on {page}", "… and {count} more on {page}", ["page": page])
    }

    package init(_ digest: Digest, timeZone: TimeZone, language: SiteLanguage, baseURL: URL) {
        let writer = DigestWriter(digest, timeZone: timeZone, language: language)
        let single = TextCleaning.singleLine
        func page(_ event: Event) -> URL? {
            Sitemap.absolute(SitePaths.eventPage(event.id) + ".html", baseURL: baseURL)
        }
        func web(_ url: URL?) -> URL? {
            url.flatMap { ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0 : nil }
        }
        title = single("\(digest.siteTitle): \(writer.title)")
        notice = writer.notice
        var sections: [Section] = []
        func add(_ kind: Section.Kind, _ entries: [Entry]) {
            if !entries.isEmpty { sections.append(Section(kind, heading: writer.heading(kind), entries: entries)) }
        }
        add(
            .new,
            digest.new.map { Entry(title: single($0.event.title), detail: writer.details($0), link: page($0.event)) })
        add(
            .moved,
            digest.moved.map {
                Entry(
                    title: single($0.change.title), detail: single(writer.wasAndNow($0.change)),
                    link: web($0.change.url))
            })
        add(
            .removed,
            digest.removed.map {
                Entry(
                    title: single($0.change.title), detail: single(writer.wasOnly($0.change)), link: web($0.change.url))
            })
        add(
            .quietGroups,
            digest.quietGroups.map {
                Entry(title: single($0.group.name), detail: writer.quietDetail($0), link: web($0.group.link))
            })
        add(
            .thisWeek,
            digest.thisWeek.map {
                Entry(title: single($0.event.title), detail: writer.details($0), link: page($0.event))
            })
        self.sections = sections
        counts = writer.counts
        self.language = language
        pageURL = Sitemap.absolute(DigestFiles.page + ".html", baseURL: baseURL)
    }

    /// What identifies this digest's content: a target posts it once (`ChatDelivery`).
    package var fingerprint: String {
        var key = ContentHash.Builder("chat-digest-1", title, notice ?? "-", counts, pageURL.absoluteString)
        for (_, heading, entry) in entries {
            key.add([heading, entry.title, entry.detail, entry.link?.absoluteString ?? "-"])
        }
        return key.hex()
    }
}
