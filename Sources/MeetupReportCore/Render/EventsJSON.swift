import Foundation

/// `events.json`: the normalised events and per-query counts, for people who build
/// on the data. The schema is documented in the README; `schemaVersion` changes
/// only when a field is removed or changes meaning.
struct EventsJSON {
    static let schemaVersion = 1

    struct Site {
        var title: String
        var baseURL: String
        var timeZone: String
    }

    struct Query {
        var id: String
        var title: String
        var keyword: String
        var latitude: Double
        var longitude: Double
        var radiusMiles: Double
        var eventCount: Int
        var eventIds: [String]
        var page: String
        /// Set when this run's fetch failed and the events are from an earlier run (ISO 8601, UTC).
        var staleSince: String?
    }

    struct Place {
        var name: String
        var city: String?
        var latitude: Double?
        var longitude: Double?
    }

    struct Group {
        var name: String
        var urlname: String?
    }

    struct Item {
        var id: String
        var title: String
        /// ISO 8601 in the event's own UTC offset, as the API gave it.
        var start: String
        var end: String?
        var url: String?
        var rsvpCount: Int?
        var online: Bool
        var venue: Place?
        var group: Group?
        var photoURL: String?
        /// Site-relative path of the thumbnail, or null when the placeholder is shown.
        var thumbnail: String?
        var thumbnailWidth: Int?
        var thumbnailHeight: Int?
        var queries: [String]
    }

    var schemaVersion = Self.schemaVersion
    var generatedAt: String
    var site: Site
    var queries: [Query]
    var events: [Item]

    static func make(_ input: SiteInput) -> EventsJSON {
        let foundBy = input.fetched.queriesByEvent
        let events = input.fetched.distinctEvents.sorted { ($0.start.date, $0.id) < ($1.start.date, $1.id) }
        return EventsJSON(
            generatedAt: ISO8601.formatUTC(input.generatedAt),
            site: Site(title: input.config.siteTitle, baseURL: input.config.baseURL.absoluteString,
                       timeZone: input.config.timeZone.identifier),
            queries: input.fetched.outcomes.map { entry in
                Query(id: entry.query.id, title: entry.query.title, keyword: entry.query.keyword,
                      latitude: entry.query.latitude, longitude: entry.query.longitude, radiusMiles: entry.query.radiusMiles,
                      eventCount: entry.outcome.events.count,
                      eventIds: entry.outcome.events.sorted { ($0.start.date, $0.id) < ($1.start.date, $1.id) }.map(\.id),
                      page: "\(PageContexts.queryPagePath(entry.query)).html",
                      staleSince: entry.outcome.staleSince.map(ISO8601.formatUTC))
            },
            events: events.map { event in
                let thumbnail = event.displayPhotoURL.flatMap { input.thumbnails[$0] }
                return Item(
                    id: event.id, title: event.title, start: ISO8601.format(event.start), end: event.end.map(ISO8601.format),
                    url: event.eventURL?.absoluteString, rsvpCount: event.rsvpCount, online: event.isOnline,
                    venue: event.venue.map { Place(name: $0.name, city: $0.city, latitude: $0.latitude, longitude: $0.longitude) },
                    group: event.group.map { Group(name: $0.name, urlname: $0.urlname) },
                    photoURL: event.displayPhotoURL?.absoluteString,
                    thumbnail: thumbnail.map { "thumbs/\($0.publishedName)" },
                    thumbnailWidth: thumbnail?.size.width, thumbnailHeight: thumbnail?.size.height,
                    queries: (foundBy[event.id] ?? []).map(\.id))
            })
    }

    /// Sorted keys, two-space indentation, optional keys absent when unknown.
    func encoded() -> Data {
        Data(jsonValue.serialized().utf8)
    }

    var jsonValue: JSONValue {
        .object([
            "schemaVersion": .number(Double(schemaVersion)),
            "generatedAt": .string(generatedAt),
            "site": .object(["title": .string(site.title), "baseURL": .string(site.baseURL), "timeZone": .string(site.timeZone)]),
            "queries": .array(queries.map { query in
                var object: [String: JSONValue] = [
                    "id": .string(query.id), "title": .string(query.title), "keyword": .string(query.keyword),
                    "latitude": .number(query.latitude), "longitude": .number(query.longitude),
                    "radiusMiles": .number(query.radiusMiles), "eventCount": .number(Double(query.eventCount)),
                    "eventIds": .array(query.eventIds.map(JSONValue.string)), "page": .string(query.page),
                ]
                if let since = query.staleSince { object["staleSince"] = .string(since) }
                return .object(object)
            }),
            "events": .array(events.map { item in
                var object: [String: JSONValue] = [
                    "id": .string(item.id), "title": .string(item.title), "start": .string(item.start),
                    "online": .bool(item.online), "queries": .array(item.queries.map(JSONValue.string)),
                ]
                if let end = item.end { object["end"] = .string(end) }
                if let url = item.url { object["url"] = .string(url) }
                if let count = item.rsvpCount { object["rsvpCount"] = .number(Double(count)) }
                if let venue = item.venue {
                    var place: [String: JSONValue] = ["name": .string(venue.name)]
                    if let city = venue.city { place["city"] = .string(city) }
                    if let latitude = venue.latitude { place["latitude"] = .number(latitude) }
                    if let longitude = venue.longitude { place["longitude"] = .number(longitude) }
                    object["venue"] = .object(place)
                }
                if let group = item.group {
                    var value: [String: JSONValue] = ["name": .string(group.name)]
                    if let urlname = group.urlname { value["urlname"] = .string(urlname) }
                    object["group"] = .object(value)
                }
                if let photo = item.photoURL { object["photoURL"] = .string(photo) }
                if let thumbnail = item.thumbnail { object["thumbnail"] = .string(thumbnail) }
                if let width = item.thumbnailWidth { object["thumbnailWidth"] = .number(Double(width)) }
                if let height = item.thumbnailHeight { object["thumbnailHeight"] = .number(Double(height)) }
                return .object(object)
            }),
        ])
    }
}
