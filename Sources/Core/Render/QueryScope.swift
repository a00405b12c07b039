import Foundation
import MeetupModel
import MeetupSupport

/// What a query covers, in the words the pages use: a keyword and its area, a number of
/// groups, or a Pro network.
enum QueryScope {
    /// "“swift” within 25 mi of 52.520, 13.405", "from 12 groups", "in the Meetup Pro network “rladies”";
    /// "“swift” a menos de 40 km de Madrid" where the language measures in kilometres.
    static func text(of query: EventQuery, language: SiteLanguage) -> String {
        switch query.kind {
        case .search(let area):
            language.localized(
                "“{keyword}” within {distance} of {place}",
                [
                    "keyword": area.keyword, "distance": distance(area, language),
                    "place": area.placeName ?? String(format: "%.3f, %.3f", area.latitude, area.longitude),
                ])
        case .groups(let urlnames):
            language.plural(urlnames.count, "from {count} group", "from {count} groups")
        case .groupFeeds(let feeds):
            language.plural(
                feeds.urlnames.count, "from {count} group’s public calendar", "from {count} groups’ public calendars")
        case .network(let urlname):
            language.localized("in the Meetup Pro network “{network}”", ["network": urlname])
        case .calendar:
            language.localized("from another calendar (iCalendar)")
        }
    }

    /// "25 mi", "40 km": the radius in the language's unit, as the config gave it when that is
    /// the unit, else converted (to a tenth, a whole number above 10).
    static func distance(_ area: SearchArea, _ language: SiteLanguage) -> String {
        let kilometres = language.usesKilometres
        let given = kilometres ? area.radiusKm : area.radiusKm == nil ? area.radiusMiles : nil
        let converted = kilometres ? area.radiusMiles * SearchArea.kilometresPerMile : area.radiusMiles
        let value = given ?? (converted >= 10 ? converted.rounded() : (converted * 10).rounded() / 10)
        let number = value.formatted(.number.precision(.fractionLength(0...3)).locale(language.locale))
        return number + (kilometres ? " km" : " mi")
    }

    /// For a page's meta description: "for “swift”", "from 12 groups", "in the network “rladies”".
    static func short(of query: EventQuery, language: SiteLanguage) -> String {
        switch query.kind {
        case .search(let area): language.localized("for “{keyword}”", ["keyword": area.keyword])
        case .groups(let urlnames): language.plural(urlnames.count, "from {count} group", "from {count} groups")
        case .groupFeeds(let feeds):
            language.plural(feeds.urlnames.count, "from {count} group", "from {count} groups")
        case .network(let urlname): language.localized("in the network “{network}”", ["network": urlname])
        case .calendar: language.localized("from another calendar")
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
