import Foundation
import MeetupModel

/// What the layout makes a list page's HTML from beside its Markdown and the site's own parts
/// (settings, menu, thumbnails' sizes: `RenderKeys.site`), worked out once from the page for
/// its HTML and for its key (`SitePage.keys`), so the two cannot disagree.
struct ListPageLayout: Encodable {
    /// The page's events in the order of its `###` headings, encoded as their ids: what else
    /// the layout takes from them (titles, descriptions) is in the key through the page's
    /// context, where each event stands as its key.
    struct Anchors: Encodable {
        let events: [Event]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(events.map(\.id))
        }
    }

    var title: String
    var path: String
    var description: String
    var root: String
    var feed: String
    var calendar: String
    var feedTitle: String
    var pageKind: String
    var previousPage: String?
    var nextPage: String?
    /// The trend charts inlined in the page (the index's), by site path.
    var charts: [String: String]
    /// The first of its events' thumbnails, for link previews; nil: the site's picture.
    var image: String?
    var anchors: Anchors

    init(_ page: SitePage, charts: [String: String], thumbnails: [URL: Thumbnail]) {
        (title, path, description, root) = (page.title, page.path, page.description, page.root)
        (feed, calendar, feedTitle, pageKind) = (page.feed, page.calendar, page.feedTitle, page.kindName)
        (previousPage, nextPage) = (page.previousPage, page.nextPage)
        let isIndex = page.kind == .index
        self.charts = isIndex ? charts : [:]
        let ordered = SitePaths.chronological(page.events)
        image = ordered.lazy.compactMap { $0.displayPhotoURL.flatMap { thumbnails[$0] } }.first
            .map(SitePaths.thumbnail)
        anchors = Anchors(events: isIndex ? [] : ordered)
    }
}
