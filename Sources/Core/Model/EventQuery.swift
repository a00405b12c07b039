import Foundation

/// One question the site asks of Meetup: a keyword near a place, a list of groups, or a
/// Meetup Pro network. Every kind yields events the same way (pages, history, digest).
package struct EventQuery: Sendable, Hashable, Codable {
    /// What the query asks for.
    package enum Kind: Sendable, Hashable, Codable {
        /// Events matching a keyword within a radius of a point.
        case search(SearchArea)
        /// The events of these groups, by urlname (`rladies-lagos`), in config order.
        case groups([String])
        /// The events of a Meetup Pro network, by its urlname (`rladies`).
        case network(String)
        /// An iCalendar feed (config `calendars`), by URL or file.
        case calendar(CalendarFeed)
        /// These groups' public iCalendar feeds (`"via": "ical"`): no API key needed.
        case groupFeeds(GroupFeeds)
    }

    /// A slug (`[a-z0-9-]`), safe to use in file names.
    package var id: String
    package var title: String
    package var kind: Kind
    package var daysAhead: Int
    package var maxEvents: Int?
    /// For a query that follows groups: a group with no event for this many days needs
    /// attention in the groups report.
    package var inactiveAfterDays: Int

    package static let defaultInactiveAfterDays = 180

    package init(
        id: String, title: String, kind: Kind, daysAhead: Int = 30, maxEvents: Int? = nil,
        inactiveAfterDays: Int = EventQuery.defaultInactiveAfterDays
    ) {
        self.id = id
        self.title = title
        if case .groups(let urlnames) = kind {
            self.kind = .groups(Self.distinctUrlnames(urlnames))
        } else {
            self.kind = kind
        }
        self.daysAhead = daysAhead
        self.maxEvents = maxEvents
        self.inactiveAfterDays = inactiveAfterDays
    }

    /// A keyword search (titled by its keyword unless given a title).
    package init(
        id: String, title: String? = nil, keyword: String, latitude: Double, longitude: Double,
        radiusMiles: Double = 25, daysAhead: Int = 30, maxEvents: Int? = nil
    ) {
        self.init(
            id: id, title: title ?? keyword,
            kind: .search(
                SearchArea(keyword: keyword, latitude: latitude, longitude: longitude, radiusMiles: radiusMiles)),
            daysAhead: daysAhead, maxEvents: maxEvents)
    }

    /// Each group once, in the order given: meetup.com reads urlnames without case
    /// (`RLadies-Accra-046` is `rladies-accra-046`), so a list asks for each group once.
    package static func distinctUrlnames(_ urlnames: [String]) -> [String] {
        var seen = Set<String>()
        return urlnames.filter { seen.insert($0.lowercased()).inserted }
    }

    /// The groups a query follows, by urlname, whichever way it reads them.
    package var groupUrlnames: [String]? {
        switch kind {
        case .groups(let urlnames): urlnames
        case .groupFeeds(let feeds): feeds.urlnames
        case .search, .network, .calendar: nil
        }
    }

    /// The search's area, for a keyword search; nil for groups and networks.
    package var searchArea: SearchArea? {
        if case .search(let area) = kind { return area }
        return nil
    }
}

extension EventQuery.Kind {
    /// A keyword search, a list of groups or a network: the kinds asked of the Meetup API.
    package var asksTheMeetupAPI: Bool {
        switch self {
        case .search, .groups, .network: true
        case .calendar, .groupFeeds: false
        }
    }
}

/// Groups read through Meetup's public iCalendar feeds, one after another.
package struct GroupFeeds: Sendable, Hashable, Codable {
    /// By urlname, in config order.
    package var urlnames: [String]
    /// The pause between two groups' feeds (Meetup's servers are not ours to hurry).
    package var delaySeconds: Double
    /// Where the feeds are: `<base>/<urlname>/events/ical/`.
    package var baseURL: URL

    package static let meetup = URL(string: "https://www.meetup.com/")!
    package static let defaultDelaySeconds = 1.0

    package init(urlnames: [String], delaySeconds: Double = defaultDelaySeconds, baseURL: URL = meetup) {
        self.urlnames = EventQuery.distinctUrlnames(urlnames)
        self.delaySeconds = delaySeconds
        self.baseURL = baseURL
    }

    /// One group's feed: `https://www.meetup.com/<urlname>/events/ical/`.
    package func feed(of urlname: String) -> URL {
        let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
        return URL(string: base + urlname + "/events/ical/") ?? baseURL
    }
}

/// Where an iCalendar feed is read from.
package enum CalendarFeed: Sendable, Hashable, Codable {
    case url(URL)
    case file(URL)

    package var description: String {
        switch self {
        case .url(let url): url.absoluteString
        case .file(let file): file.path
        }
    }
}

extension EventQuery {
    /// The feed, for a query that merges another calendar.
    package var calendarFeed: CalendarFeed? {
        if case .calendar(let feed) = kind { return feed }
        return nil
    }
}

/// A keyword near a place (the API's `EventSearchFilter`).
package struct SearchArea: Sendable, Hashable, Codable {
    /// The international mile.
    package static let kilometresPerMile = 1.609344

    package var keyword: String
    package var latitude: Double
    package var longitude: Double
    /// How far from the point, in miles: what the API asks.
    package var radiusMiles: Double
    /// The radius as the config gave it in kilometres (`radiusKm`); pages that measure in
    /// kilometres say it as given rather than converted back.
    package var radiusKm: Double?
    /// How the pages name the point ("Berlin"); the coordinates stand in without one.
    package var placeName: String?

    package init(
        keyword: String, latitude: Double, longitude: Double, radiusMiles: Double = 25, placeName: String? = nil,
        radiusKm: Double? = nil
    ) {
        self.keyword = keyword
        self.latitude = latitude
        self.longitude = longitude
        self.radiusMiles = radiusKm.map { $0 / Self.kilometresPerMile } ?? radiusMiles
        self.radiusKm = radiusKm
        self.placeName = placeName
    }
}
