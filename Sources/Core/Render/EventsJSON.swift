import Foundation
import MeetupModel
import MeetupSupport

/// `events.json`: the normalised events and per-query counts, for people who build
/// on the data. The schema is documented in docs/running.md; `schemaVersion` changes
/// only when a field is removed or changes meaning. Optional keys are absent when
/// unknown; keys are sorted and events ordered by start time, so the file is stable.
enum EventsJSON {
    /// 2: `generatedAt` (the run's moment, so the file changed every night) gave way to `updatedAt`.
    static let schemaVersion = 2

    /// Where an item stands in the file: in the `events` array of the top object.
    static let itemIndent = 4

    /// The file's bytes with each event's item from `items`.
    static func data(_ input: SiteInput, items: (Event) -> [UInt8]) -> Data {
        header(input).serializedData(
            adding: "events", rawItems: SitePaths.chronological(input.plan.distinct).lazy.map(items))
    }

    /// The same bytes, written into `file` as they are made: the whole file (13 MB on W2), its
    /// growing buffer and its copy into `Data` were 31 MB of a full render's heap peak (heaptrack).
    static func write(_ input: SiteInput, items: (Event) -> [UInt8], to file: BufferedFile) {
        header(input).write(adding: "events", rawItems: SitePaths.chronological(input.plan.distinct).lazy.map(items)) {
            file.append(&$0)
        }
    }

    /// Each event's item: the one kept with its artefacts (`EventArtefacts.Field.eventsItem`), else
    /// made. Made for every event each time one changed, the items were 0.39 s of the 0.58 s this
    /// file took on W2's night with one event changed (perf).
    static func items(_ input: SiteInput, descriptions: TextsByEvent, kept: TextsByEvent) -> (Event) -> [UInt8] {
        let foundBy = input.fetched.queriesByEvent
        return { event in
            if let bytes = kept.bytes(event.id) { return bytes }
            let description = descriptions[event.id] ?? ""
            return Array(item(event, input: input, queries: foundBy[event.id] ?? [], description: description).utf8)
        }
    }

    /// When the newest change the site saw to a listed event happened (`SiteInput.lastChanged`:
    /// first seen or moved; the run's moment without a history); nil when none is listed. Not
    /// the run's moment: a night on which nothing changed keeps the file as it is.
    static func updatedAt(_ input: SiteInput) -> Date? {
        input.plan.distinct.lazy.map(input.lastChanged).max()
    }

    /// Everything but the events.
    private static func header(_ input: SiteInput) -> JSONValue {
        var header: [String: JSONValue] = [
            "schemaVersion": .number(Double(schemaVersion)),
            "site": .object([
                "title": .string(input.settings.title),
                "baseURL": .string(input.settings.baseURL.absoluteString),
                "timeZone": .string(input.settings.timeZone.identifier),
            ]),
            "queries": .array(
                input.fetched.outcomes.map { entry in
                    var query: [String: JSONValue] = QueryScope.json(of: entry.query).merging([
                        "id": .string(entry.query.id), "title": .string(entry.query.title),
                        "eventCount": .number(Double(entry.outcome.events.count)),
                        "eventIds": .array(SitePaths.chronological(entry.outcome.events).map { .string($0.id) }),
                        "page": .string("\(SitePaths.queryPage(entry.query)).html"),
                    ]) { _, new in new }
                    if let since = entry.outcome.staleSince { query["staleSince"] = .string(ISO8601.formatUTC(since)) }
                    return .object(query)
                }),
        ]
        if let updated = updatedAt(input) { header["updatedAt"] = .string(ISO8601.formatUTC(updated)) }
        return .object(header)
    }

    /// An event's item, as written in the file (at `itemIndent`).
    /// - Parameter description: its plain description, for its calendar link.
    static func item(_ event: Event, input: SiteInput, queries: [EventQuery], description: String) -> String {
        let thumbnail = event.displayPhotoURL.flatMap { input.thumbnails[$0] }
        return item(
            event, thumbnail: thumbnail, queries: queries, description: description, language: input.settings.language
        )
        .serialized(indent: itemIndent)
    }

    private static func item(
        _ event: Event, thumbnail: Thumbnail?, queries: [EventQuery], description: String, language: SiteLanguage
    ) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(event.id), "title": .string(event.title), "start": .string(ISO8601.format(event.start)),
            "online": .bool(event.isOnline), "queries": .array(queries.map { .string($0.id) }),
            "calendar": .string(EventCalendarLinks.icsPath(event)),
            "page": .string(SitePaths.eventPage(event.id) + ".html"),
        ]
        if let google = EventCalendarLinks.googleCalendar(event, details: description, language: language) {
            object["googleCalendar"] = .string(google.absoluteString)
        }
        if let end = event.end { object["end"] = .string(ISO8601.format(end)) }
        if event.isAllDay { object["allDay"] = .bool(true) }
        if let url = event.eventURL { object["url"] = .string(url.absoluteString) }
        if let count = event.rsvpCount { object["rsvpCount"] = .number(Double(count)) }
        if let venue = event.venue {
            var place: [String: JSONValue] = ["name": .string(venue.name)]
            if let city = venue.city { place["city"] = .string(city) }
            if let latitude = venue.latitude { place["latitude"] = .number(latitude) }
            if let longitude = venue.longitude { place["longitude"] = .number(longitude) }
            object["venue"] = .object(place)
        }
        if let group = event.group {
            var value: [String: JSONValue] = ["name": .string(group.name)]
            if let urlname = group.urlname { value["urlname"] = .string(urlname) }
            object["group"] = .object(value)
        }
        if let photo = event.displayPhotoURL { object["photoURL"] = .string(photo.absoluteString) }
        if let thumbnail {
            object["thumbnail"] = .string("thumbs/\(thumbnail.publishedName)")
            object["thumbnailWidth"] = .number(Double(thumbnail.size.width))
            object["thumbnailHeight"] = .number(Double(thumbnail.size.height))
        }
        return .object(object)
    }
}
