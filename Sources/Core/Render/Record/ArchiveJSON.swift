import Foundation
import MeetupModel
import MeetupSupport

/// `archive.json`: the whole record for other tools (docs/record.md has its schema): every
/// archived event, past and upcoming, and every group, by Meetup's id.
struct ArchiveJSON: KeyedSiteGenerator {
    static let path = "archive.json"
    static let schemaVersion = 1

    /// An item of the render memo keyed by what the file says of each event and group: made and
    /// compared with the published file every night, W2's archive (10,000 events) was 11 % of a
    /// next night's render (perf).
    func items(_ shared: RenderShared, keys: RenderKeys) -> [KeyedItem] {
        guard let record = shared.input.record, !record.events.isEmpty else { return [] }
        let now = shared.input.generatedAt
        var key = ContentHash.Builder(keys.renderer, "archive.json", "\(Self.schemaVersion)")
        for event in record.events {
            key.add([
                event.id, event.title, "\(event.start.date.timeIntervalSince1970)", "\(event.start.utcOffsetSeconds)",
                event.start.date < now ? "past" : "-", event.isCancelled ? "cancelled" : "-",
                event.isOnline ? "online" : event.isHybrid ? "hybrid" : "-",
                event.end.map { "\($0.timeIntervalSince1970)" } ?? "-", event.group?.name ?? "\u{1}",
                event.group?.id ?? "\u{1}", event.group?.urlname ?? "\u{1}", event.networkEventID ?? "\u{1}",
                event.city ?? "\u{1}", event.country ?? "\u{1}", event.going.map(String.init) ?? "\u{1}",
                event.url?.absoluteString ?? "\u{1}",
            ])
            key.add(event.queryIDs)
        }
        for group in record.groups {
            key.add([
                group.key, group.urlname, group.name, group.country ?? "\u{1}",
                group.goneSince.map { "\($0.timeIntervalSince1970)" } ?? "\u{1}",
            ])
            key.add(group.formerUrlnames)
        }
        let item = RenderItem(id: Self.path, key: key.hex(), order: Int.max)
        return [
            KeyedItem(item: item) { _ in
                // Written into the scratch folder as it is made (W2's archive, 14 MB of the cold
                // render's heap peak as bytes and their growing buffer, heaptrack), else in memory.
                let (document, events) = Self.parts(record, now: now)
                let written = shared.writeInScratch(Self.path) { file in
                    document.write(adding: "events", rawItems: events) { file.append(&$0) }
                }
                return [
                    written
                        ?? SiteFile(
                            path: Self.path,
                            contents: .bytes(document.serializedData(adding: "events", rawItems: events)))
                ]
            }
        ]
    }

    /// The file but its events, and its events, each event's bytes made as they are written.
    static func parts(_ record: CommunityRecord, now: Date) -> (document: JSONValue, events: some Sequence<[UInt8]>) {
        // Each event's bytes are made as they are written: a tree of all 15,500 record events was 23 MB
        // of W2's memory peak (heaptrack), beside its text.
        let events = record.events.lazy.map { event in Self.entry(event, now: now) }
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
        return (document, events)
    }

    /// An event's entry at the events' level (4), its keys in sorted order, as its `.object`
    /// would be written.
    static func entry(_ event: ArchivedEvent, now: Date) -> [UInt8] {
        JSONObjectWriter.write(indent: 4) { entry in
            entry.add("cancelled", event.isCancelled)
            if let city = event.city { entry.add("city", city) }
            if let country = event.country { entry.add("country", country) }
            if let end = event.end { entry.add("end", ISO8601.formatUTC(end)) }
            if let going = event.going { entry.add("going", going) }
            if let group = event.group {
                entry.add("group") { value in
                    if let id = group.id { value.add("id", id) }
                    value.add("name", TextCleaning.singleLine(group.name))
                    if let urlname = group.urlname { value.add("urlname", urlname) }
                }
            }
            entry.add("hybrid", event.isHybrid)
            entry.add("id", event.id)
            if let network = event.networkEventID { entry.add("networkEvent", network) }
            entry.add("online", event.isOnline)
            entry.add("past", event.start.date < now)
            entry.add("queries", event.queryIDs)
            entry.add("start", ISO8601.format(event.start))
            entry.add("title", TextCleaning.singleLine(event.title))
            // Only a web link (as `MarkdownEscaping.linkDestination` has it): its scheme, not the
            // escaped link made only to be checked (75 of the 467 samples of W2's archive.json, perf).
            if let url = event.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
                entry.add("url", url.absoluteString)
            }
        }
    }
}
