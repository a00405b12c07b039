import Foundation
import MeetupModel
import MeetupSupport

/// Where each thing lives in the published site, and the one order events are listed
/// in. Pages, feeds, calendars, events.json and the sitemap all ask here, so a path or
/// the order changes in one place.
package enum SitePaths {
    package static let index = "index"
    package static let allEvents = "all"
    package static let siteFeed = "feed.atom"
    package static let siteCalendar = "calendar.ics"
    package static let eventsJSON = "events.json"
    package static let sitemap = "sitemap.xml"
    package static let stylesheet = "assets/style.css"
    package static let placeholder = "assets/placeholder.svg"
    package static let favicon = "assets/favicon.svg"
    package static let notFound = "404"
    /// The groups report, for a site with a query that follows groups.
    package static let groups = "groups"
    package static let groupsJSON = "groups.json"
    /// The archive of past events: its index, a page per year.
    package static let archive = "archive/index"
    package static func archiveYear(_ year: Int, page: Int = 1) -> String {
        page == 1 ? "archive/\(year)" : "archive/\(year).\(page)"
    }

    /// A group's page, by its urlname made safe for a file name (a deleted group's urlname
    /// holds `@`): lowercase letters, digits, `-` and `_`.
    package static func groupPage(_ urlname: String) -> String {
        let safe = urlname.lowercased().unicodeScalars.map {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "-"
        }
        return "groups/" + String(safe)
    }

    /// An event's own page, `events/<id>`: Meetup's ids and tokens are letters and digits; any
    /// other id (a calendar's UID) is named by its hash, as its `.ics` is.
    package static func eventPage(_ id: String) -> String {
        let plain =
            !id.isEmpty && id.count <= 64
            && id.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
        return "events/" + (plain ? id : "h-" + ContentHash.sha256Hex(id).prefix(24))
    }

    /// A query's page, without the `.html`/`.md` suffix (its feed and calendar share it).
    package static func queryPage(_ query: EventQuery) -> String { "queries/\(query.id)" }
    package static func chart(_ query: EventQuery) -> String { "charts/\(query.id).svg" }
    package static func thumbnail(_ thumbnail: Thumbnail) -> String { "thumbs/\(thumbnail.publishedName)" }

    /// One month of the all-events list, `all/2026-12`.
    package static func allEventsMonth(_ month: String) -> String { "\(allEvents)/\(month)" }

    /// Events by month (`2026-12`) in the site's zone, months in order.
    static func months(of events: [Event], timeZone: TimeZone) -> [(key: String, events: [Event])] {
        let days = LocalDays(timeZone)
        var groups: [String: [Event]] = [:]
        for event in events { groups[days.monthKey(of: event.start.date), default: []].append(event) }
        return groups.keys.sorted().map { ($0, groups[$0] ?? []) }
    }

    /// Soonest first; the id breaks ties, so the order never depends on the input's.
    /// Their places are sorted, not the events: sorting W2's 10,000 events moved each whole
    /// (an `Event` is large) and was 83 ms of its night with one event changed (perf).
    package static func chronological(_ events: [Event]) -> [Event] {
        let starts = events.map(\.start.date.timeIntervalSinceReferenceDate)
        let ids = events.map(\.id)
        return events.indices.sorted { starts[$0] != starts[$1] ? starts[$0] < starts[$1] : ids[$0] < ids[$1] }
            .map { events[$0] }
    }
}
