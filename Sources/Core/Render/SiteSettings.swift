import Foundation
import MeetupModel
import MeetupSupport

/// What the renderer takes from the config, and nothing else: built once per run by the
/// pipeline (`SiteSettings(config)`), so the renderer never sees the config's other parts
/// (credentials, limits, folders) and its key needs no list of fields to keep up to date.
package struct SiteSettings: Sendable, Encodable {
    package var title: String
    package var baseURL: URL
    package var timeZone: TimeZone
    /// Thumbnails' width in CSS pixels.
    package var thumbnailWidth: Int
    /// Whether the site has a search page (Pagefind).
    package var search: Bool
    /// How many days a moved or removed event stays listed.
    package var changeDays: Int
    /// The site's queries in the config's order, calendars included.
    package var queries: [EventQuery]
    /// Event ids the editor pinned to the top of the index, in order.
    package var pinned: [String]
    /// The editor's Markdown notes under events, by event id.
    package var notes: [String: String]
    /// Where a snapshot's events came from when not the Meetup API (`source.origin`): the
    /// footer says it instead (a `--record` snapshot is the API's answers, and says the API).
    package var snapshotOrigin: String?
    /// The record's reports: the health window and the topic vocabulary's additions.
    package var reports: ReportSettings
    /// Whose words and formats the pages use (the config's `language`).
    package var language: SiteLanguage
    /// A site in several languages: every language's folder ("en/", "es/"), this one's among
    /// them, for the `hreflang` links and the menu's languages; empty for a site in one.
    package var translations: [Translation] = []

    /// One language of a site in several.
    package struct Translation: Sendable, Encodable, Hashable {
        package var tag: String
        /// The language in its own words ("Español"), as the menu offers it.
        package var name: String
        /// Its folder in the output, "es/".
        package var folder: String

        package init(tag: String, name: String, folder: String) {
            self.tag = tag
            self.name = name
            self.folder = folder
        }
    }

    /// The whole site's address, above the languages' folders (nil: `baseURL`, a site in one).
    package var rootURL: URL?

    /// This language's folder in the output ("es/"); "" for a site in one language.
    package var folder: String { translations.first { $0.tag == language.tag }?.folder ?? "" }

    package init(
        title: String, baseURL: URL, timeZone: TimeZone, thumbnailWidth: Int, search: Bool, changeDays: Int,
        queries: [EventQuery], pinned: [String] = [], notes: [String: String] = [:], snapshotOrigin: String? = nil,
        reports: ReportSettings = ReportSettings(), language: SiteLanguage = .english
    ) {
        self.title = title
        self.baseURL = baseURL
        self.timeZone = timeZone
        self.thumbnailWidth = thumbnailWidth
        self.search = search
        self.changeDays = changeDays
        self.queries = queries
        self.pinned = pinned
        self.notes = notes
        self.snapshotOrigin = snapshotOrigin
        self.reports = reports
        self.language = language
    }

    /// Where the site's events come from, as the footer says it ("the Meetup API and iCalendar
    /// feeds"), from the kinds of its queries.
    package var eventSources: String {
        var sources: [String] = []
        let kinds = queries.map(\.kind)
        if kinds.contains(where: \.asksTheMeetupAPI) {
            sources.append(snapshotOrigin ?? language.localized("the Meetup API"))
        }
        if kinds.contains(where: { if case .groupFeeds = $0 { true } else { false } }) {
            sources.append(language.localized("Meetup groups' public calendars"))
        }
        if kinds.contains(where: { if case .calendar = $0 { true } else { false } }) {
            sources.append(language.localized("iCalendar feeds"))
        }
        return sources.isEmpty ? language.localized("no source yet") : language.list(sources)
    }

    /// Every setting as one hash, from the value's own encoding (sorted keys): a setting
    /// added above is part of the render keys without anyone listing it there.
    package var fingerprint: String { ContentHash.of(self, kind: "site-settings") }

    /// The editor's note for the event, under any of its names.
    package func note(for event: Event) -> String? {
        event.note(in: notes)
    }
}
