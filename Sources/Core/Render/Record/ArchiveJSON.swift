import Foundation
import MeetupModel
import MeetupSupport

/// `archive.json`: the whole record for other tools (docs/record.md has its schema): every
/// archived event, past and upcoming, and every group, by Meetup's id.
struct ArchiveJSON: SiteGenerator {
    static let path = "archive.json"
    static let schemaVersion = 1

    func files(_ shared: RenderShared) -> [SiteFile] {
        guard let record = shared.input.record, !record.events.isEmpty else { return [] }
        let now = shared.input.generatedAt
        // Each event's value is made as it is written: a tree of all 15,500 record events was 23 MB
        // of W2's memory peak (heaptrack), beside its text.
        let events = record.events.lazy.map { event -> JSONValue in
            var object: [String: JSONValue] = [
                "id": .string(event.id), "title": .string(TextCleaning.singleLine(event.title)),
                "start": .string(ISO8601.format(event.start)), "online": .bool(event.isOnline),
                "past": .bool(event.start.date < now), "cancelled": .bool(event.isCancelled),
                "queries": .array(event.queryIDs.map(JSONValue.string)),
            ]
            if let end = event.end { object["end"] = .string(ISO8601.formatUTC(end)) }
            if let group = event.group {
                var value: [String: JSONValue] = ["name": .string(TextCleaning.singleLine(group.name))]
                if let id = group.id { value["id"] = .string(id) }
                if let urlname = group.urlname { value["urlname"] = .string(urlname) }
                object["group"] = .object(value)
            }
            if let network = event.networkEventID { object["networkEvent"] = .string(network) }
            if let city = event.city { object["city"] = .string(city) }
            if let country = event.country { object["country"] = .string(country) }
            if let going = event.going { object["going"] = .number(Double(going)) }
            if let url = event.url, MarkdownEscaping.linkDestination(url) != nil {
                object["url"] = .string(url.absoluteString)
            }
            return .object(object)
        }
        let groups: [JSONValue] = record.groups.map { group in
            var object: [String: JSONValue] = [
                "key": .string(group.key), "urlname": .string(group.urlname),
                "name": .string(TextCleaning.singleLine(group.name)),
                "formerUrlnames": .array(group.formerUrlnames.map(JSONValue.string)),
                "page": .string(SitePaths.groupPage(group.urlname) + ".html"),
            ]
            if let country = group.country { object["country"] = .string(country) }
            if let gone = group.goneSince { object["goneSince"] = .string(ISO8601.formatUTC(gone)) }
            return .object(object)
        }
        // No moment of its own: a night that changed nothing in the record leaves the file as it was.
        let document = JSONValue.object([
            "schemaVersion": .number(Double(Self.schemaVersion)), "groups": .array(groups),
        ])
        return [SiteFile(path: Self.path, contents: .bytes(document.serializedData(adding: "events", items: events)))]
    }
}
