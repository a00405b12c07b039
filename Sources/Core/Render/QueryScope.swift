import Foundation
import MeetupModel
import MeetupSupport

/// What a query covers, in the words the pages use: a keyword and its area, a number of
/// groups, or a Pro network.
enum QueryScope {
    /// "“swift” within 25 mi of 52.520, 13.405", "from 12 groups", "in the Meetup Pro network “rladies”".
    static func text(of query: EventQuery) -> String {
        switch query.kind {
        case .search(let area):
            "“\(area.keyword)” within \(NumberText.plain(area.radiusMiles)) mi of "
                + (area.placeName ?? String(format: "%.3f, %.3f", area.latitude, area.longitude))
        case .groups(let urlnames):
            "from " + EventFormatting.count(urlnames.count, "group", "groups")
        case .groupFeeds(let feeds):
            "from " + EventFormatting.count(feeds.urlnames.count, "group", "groups") + "’ public calendars"
        case .network(let urlname):
            "in the Meetup Pro network “\(urlname)”"
        case .calendar:
            "from another calendar (iCalendar)"
        }
    }

    /// For a page's meta description: "for “swift”", "from 12 groups", "in the network “rladies”".
    static func short(of query: EventQuery) -> String {
        switch query.kind {
        case .search(let area): "for “\(area.keyword)”"
        case .groups(let urlnames): "from " + EventFormatting.count(urlnames.count, "group", "groups")
        case .groupFeeds(let feeds): "from " + EventFormatting.count(feeds.urlnames.count, "group", "groups")
        case .network(let urlname): "in the network “\(urlname)”"
        case .calendar: "from another calendar"
        }
    }

    /// The query's own fields in `events.json`: its kind and what it asks for.
    static func json(of query: EventQuery) -> [String: JSONValue] {
        switch query.kind {
        case .search(let area):
            [
                "kind": .string("search"), "keyword": .string(area.keyword), "latitude": .number(area.latitude),
                "longitude": .number(area.longitude), "radiusMiles": .number(area.radiusMiles),
            ]
            .merging(area.placeName.map { ["placeName": JSONValue.string($0)] } ?? [:]) { first, _ in first }
        case .groups(let urlnames):
            ["kind": .string("groups"), "groups": .array(urlnames.map { .string($0) })]
        case .groupFeeds(let feeds):
            ["kind": .string("groups"), "groups": .array(feeds.urlnames.map { .string($0) }), "via": .string("ical")]
        case .network(let urlname):
            ["kind": .string("network"), "network": .string(urlname)]
        case .calendar(let feed):
            // A file path says nothing to a visitor and may name the server's folders.
            if case .url(let url) = feed {
                ["kind": .string("calendar"), "url": .string(url.absoluteString)]
            } else {
                ["kind": .string("calendar")]
            }
        }
    }
}
