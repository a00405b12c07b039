import Foundation
import MeetupAuth
import MeetupModel
import MeetupSupport

/// Turns API response bodies into events, the way the seeds' `initWithDict:`
/// does: tolerant of missing parts (no venue, no photo, no count is a normal
/// event), strict about structure (a body with no event list is an error).
///
/// It reads today's GraphQL shape under any of the roots recorded data uses
/// (`eventSearch`, `groupByUrlname.events`, `proNetwork.eventsSearch`) and the
/// retired REST v3 `find/upcoming_events` shape that archives still hold.
package enum EventMapper {
    /// Statuses that mean the event will not happen; such entries are skipped.
    static let withdrawnStatuses: Set<String> = ["CANCELLED", "CANCELLED_PERM", "DELETED", "cancelled", "deleted"]

    /// - Parameter nodes: the run's nodes, so that a node other answers hold too is parsed and
    ///   mapped once (`EventNodes`).
    package static func page(from data: Data, nodes: EventNodes? = nil) throws(PageMappingError) -> EventPage {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data, repeated: nodes)
        } catch {
            throw .notJSON(error.reason)
        }
        return try page(document, nodes: nodes)
    }

    package static func page(from document: JSONValue) throws(PageMappingError) -> EventPage {
        try page(document, nodes: nil)
    }

    /// - Parameter nodes: the table `document` was parsed with, whose stand-ins its nodes are.
    private static func page(_ document: JSONValue, nodes: EventNodes?) throws(PageMappingError) -> EventPage {
        if case .array(let items) = document {
            return legacyPage(items)
        }
        guard case .object(let root) = document else {
            throw .unexpectedShape("the body is \(document.kindDescription), not an object")
        }
        // A batch of groups answers an unknown group with a null alias and an error beside
        // the others' data: that error is the live fetch's warning, not the page's failure.
        let isGroupBatch =
            root["data"]?.objectValue?.keys.contains { $0.hasPrefix("g") && Int($0.dropFirst()) != nil } ?? false
        if case .array(let errors)? = root["errors"], !errors.isEmpty, !isGroupBatch {
            let messages = errors.map { $0["message"]?.stringValue ?? "unnamed error" }
            if TokenRefusal.refuses(document) { throw .tokenRejected(messages) }
            throw .graphQLErrors(messages)
        }
        if let data = root["data"] {
            return try graphQLPage(data, nodes: nodes)
        }
        if case .array(let items)? = root["events"] {
            return legacyPage(items)
        }
        throw .unexpectedShape(
            "no \"data\" and no \"events\" in the body (keys: \(root.keys.sorted().joined(separator: ", ")))")
    }

    // MARK: GraphQL

    private static func graphQLPage(_ data: JSONValue, nodes: EventNodes?) throws(PageMappingError) -> EventPage {
        let candidates: [(String, JSONValue?)] = [
            ("eventSearch", data["eventSearch"]),
            ("groupByUrlname.events", data["groupByUrlname"]?["events"]),
            ("proNetwork.eventsSearch", data["proNetwork"]?["eventsSearch"]),
        ]
        let found = candidates.lazy.compactMap { name, value in value.flatMap { $0 == .null ? nil : (name, $0) } }.first
        guard let (root, connection) = found else {
            // A batch of groups (aliases g0, g1, …; a recorded snapshot replays them as one page).
            let groups = (data.objectValue ?? [:]).filter { $0.key.hasPrefix("g") && Int($0.key.dropFirst()) != nil }
            if !groups.isEmpty {
                var merged = EventPage(events: [])
                for (alias, group) in groups.sorted(by: { Int($0.key.dropFirst()) ?? 0 < Int($1.key.dropFirst()) ?? 0 })
                {
                    guard let events = group["events"], group != .null else { continue }
                    let page = try connectionPage(events, root: "\(alias).events", nodes: nodes)
                    merged.events += page.events
                    merged.skippedCount += page.skippedCount
                }
                return merged
            }
            throw .unexpectedShape(
                "data holds no event list (expected eventSearch, groupByUrlname.events or proNetwork.eventsSearch)")
        }
        return try connectionPage(connection, root: root, nodes: nodes)
    }

    /// One event connection (`edges`, `pageInfo`, `totalCount`) as a page.
    static func connectionPage(
        _ connection: JSONValue, root: String, nodes: EventNodes? = nil
    ) throws(PageMappingError) -> EventPage {
        guard case .array(let edges)? = connection["edges"] else {
            throw .unexpectedShape("\(root).edges is missing or not an array")
        }
        var events: [Event] = []
        var skipped = 0
        for edge in edges {
            if let node = edge["node"], let event = nodes.map({ $0.event(for: node) }) ?? graphQLEvent(node) {
                events.append(event)
            } else {
                skipped += 1
            }
        }
        let pageInfo = connection["pageInfo"]
        let hasNextPage = pageInfo?["hasNextPage"]?.boolValue ?? false
        let cursor = pageInfo?["endCursor"]?.stringValue
        return EventPage(
            events: events, nextCursor: hasNextPage ? cursor.flatMap { $0.isEmpty ? nil : $0 } : nil,
            skippedCount: skipped, totalCount: connection["totalCount"]?.intValue.flatMap { $0 >= 0 ? $0 : nil })
    }

    static func graphQLEvent(_ node: JSONValue) -> Event? {
        guard let id = identifier(node["id"]),
            let start = node["dateTime"]?.stringValue.flatMap(ISO8601.parseDateTime)
        else { return nil }
        if let status = node["status"]?.stringValue, withdrawnStatuses.contains(status) { return nil }

        var end = node["endTime"]?.stringValue.flatMap(ISO8601.parseDateTime)
        if end == nil, let duration = node["duration"]?.stringValue.flatMap(ISO8601.parseDuration), duration > 0 {
            end = ZonedDate(date: start.date.addingTimeInterval(duration), utcOffsetSeconds: start.utcOffsetSeconds)
        }

        let venues =
            (node["venues"]?.arrayValue ?? []) + [node["venue"]].compactMap { $0?.objectValue.map(JSONValue.object) }
        let isOnlineVenue = isOnlinePlaceholder
        let physical = venues.first {
            !isOnlineVenue($0) && !TextCleaning.singleLine($0["name"]?.stringValue ?? "").isEmpty
        }
        let eventType = node["eventType"]?.stringValue?.uppercased()
        // HYBRID is in person and online whatever its venues say: Meetup gives a hybrid event whose
        // place is not set yet only its online placeholder (docs/record.md: how each is counted).
        let isHybrid = eventType == "HYBRID"
        let isOnline =
            physical == nil && !isHybrid && (eventType == "ONLINE" || venues.contains(where: isOnlineVenue))

        // The token is the event's lasting identity; Meetup's id may change (a recurring event).
        let token = identifier(node["token"])
        return Event(
            id: token ?? id,
            title: title(node["title"]),
            start: start,
            end: end,
            eventURL: WebURL.parse(node["eventUrl"]),
            description: node["description"]?.stringValue ?? "",
            rsvpCount: node["rsvps"]?["totalCount"]?.intValue ?? node["going"]?.intValue,
            venue: physical.map(venue),
            isOnline: isOnline,
            group: group(node["group"]),
            groupPhotoURL: photoURL(node["group"]?["keyGroupPhoto"]),
            eventPhotoURL: photoURL(node["featuredEventPhoto"]),
            createdAt: node["createdTime"]?.stringValue.flatMap(ISO8601.parseDateTime)?.date,
            meetupID: token.flatMap { $0 != id ? id : nil },
            networkEventID: identifier(node["networkEvent"]?["id"]),
            isHybrid: isHybrid,
            fee: fee(node["feeSettings"])
        )
    }

    /// `highResUrl` when present; otherwise a sized variant built from `baseUrl` and `id`.
    /// A bare `baseUrl` (seen in recorded data) is a folder, not a photo.
    static func photoURL(_ info: JSONValue?) -> URL? {
        guard let info, info != .null else { return nil }
        if let url = WebURL.parse(info["highResUrl"]) { return url }
        if let url = WebURL.parse(info["standardUrl"]) { return url }
        if let base = info["baseUrl"]?.stringValue, let photoID = identifier(info["id"]) {
            let joined = base.hasSuffix("/") ? base : base + "/"
            return WebURL.parse(.string("\(joined)\(photoID)/676x380.webp"))
        }
        return nil
    }

    // MARK: REST v3 (archives)

    private static func legacyPage(_ items: [JSONValue]) -> EventPage {
        var events: [Event] = []
        for item in items {
            if let event = legacyEvent(item) { events.append(event) }
        }
        return EventPage(events: events, nextCursor: nil, skippedCount: items.count - events.count)
    }

    static func legacyEvent(_ item: JSONValue) -> Event? {
        guard let id = identifier(item["id"]), let start = legacyStart(item) else { return nil }
        if let status = item["status"]?.stringValue, withdrawnStatuses.contains(status) { return nil }
        let end = item["duration"]?.doubleValue.flatMap { duration in
            duration > 0
                ? ZonedDate(
                    date: start.date.addingTimeInterval(duration / 1000), utcOffsetSeconds: start.utcOffsetSeconds)
                : nil
        }
        let legacyVenue = item["venue"].flatMap { value -> Venue? in
            guard !TextCleaning.singleLine(value["name"]?.stringValue ?? "").isEmpty, !isOnlinePlaceholder(value) else {
                return nil
            }
            return venue(value)
        }
        let groupPhoto = item["group"]?["photo"] ?? item["group"]?["key_photo"]
        return Event(
            id: id,
            title: title(item["name"]),
            start: start,
            end: end,
            eventURL: WebURL.parse(item["link"]),
            description: item["description"]?.stringValue ?? item["plain_text_description"]?.stringValue ?? "",
            rsvpCount: item["yes_rsvp_count"]?.intValue,
            venue: legacyVenue,
            isOnline: legacyVenue == nil
                && (item["is_online_event"]?.boolValue ?? (item["venue"] == nil ? false : true)),
            group: group(item["group"]),
            groupPhotoURL: WebURL.parse(groupPhoto?["highres_link"]) ?? WebURL.parse(groupPhoto?["photo_link"]),
            eventPhotoURL: WebURL.parse(item["featured_photo"]?["highres_link"])
                ?? WebURL.parse(item["featured_photo"]?["photo_link"]),
            createdAt: item["created"]?.doubleValue.map { Date(timeIntervalSince1970: $0 / 1000) }
        )
    }

    /// v3 gives `time` (UTC milliseconds) and `utc_offset` (milliseconds); older
    /// dumps sometimes only have `local_date` + `local_time` with the offset.
    private static func legacyStart(_ item: JSONValue) -> ZonedDate? {
        let offsetSeconds = (item["utc_offset"]?.doubleValue).map { Int($0 / 1000) } ?? 0
        if let milliseconds = item["time"]?.doubleValue {
            return ZonedDate(date: Date(timeIntervalSince1970: milliseconds / 1000), utcOffsetSeconds: offsetSeconds)
        }
        guard let localDate = item["local_date"]?.stringValue, let localTime = item["local_time"]?.stringValue else {
            return nil
        }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let magnitude = abs(offsetSeconds)
        let offsetText = String(format: "%@%02d:%02d", sign, magnitude / 3600, magnitude % 3600 / 60)
        return ISO8601.parseDateTime("\(localDate)T\(localTime)\(offsetText)")
    }

    // MARK: Shared pieces

    /// Meetup's stand-in venue for an online event: `venueType: "online"`, named "Online event",
    /// at a point in the Pacific (-8.521147, 179.1962) that is no place. Recorded answers carry
    /// it with all three; any one of them is enough, so it never counts as where an event is
    /// (distance, geography, maps, schema.org `Place`).
    static func isOnlinePlaceholder(_ venue: JSONValue) -> Bool {
        if (venue["venueType"]?.stringValue ?? "").lowercased() == "online" { return true }
        if TextCleaning.singleLine(venue["name"]?.stringValue ?? "").lowercased() == "online event" { return true }
        guard let lat = venue["lat"]?.doubleValue, let lon = venue["lon"]?.doubleValue else { return false }
        return abs(lat - -8.521147) < 0.000_01 && abs(lon - 179.1962) < 0.000_01
    }

    private static func venue(_ value: JSONValue) -> Venue {
        let city = TextCleaning.singleLine(value["city"]?.stringValue ?? "")
        return Venue(
            name: TextCleaning.trimmed(TextCleaning.singleLine(value["name"]?.stringValue ?? "")) {
                $0 == "," || $0 == " "
            },
            city: city.isEmpty ? nil : city,
            latitude: value["lat"]?.doubleValue,
            longitude: value["lon"]?.doubleValue,
            country: value["country"]?.stringValue.map { TextCleaning.singleLine($0).lowercased() }
                .flatMap { $0.count == 2 ? $0 : nil },
            address: nonEmpty(value["address"]), region: nonEmpty(value["state"]),
            postalCode: nonEmpty(value["postalCode"])
        )
    }

    private static func nonEmpty(_ value: JSONValue?) -> String? {
        let text = TextCleaning.trimmed(TextCleaning.singleLine(value?.stringValue ?? "")) { $0 == "," || $0 == " " }
        return text.isEmpty ? nil : text
    }

    /// Meetup's `feeSettings`: an amount above zero in a three-letter currency, else free.
    static func fee(_ value: JSONValue?) -> EventFee? {
        guard let amount = value?["amount"]?.doubleValue, amount > 0, amount.isFinite,
            let currency = value?["currency"]?.stringValue?.uppercased(), currency.count == 3,
            currency.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        return EventFee(amount: amount, currency: currency)
    }

    private static func group(_ value: JSONValue?) -> EventGroup? {
        guard let value, let name = value["name"]?.stringValue else { return nil }
        let cleaned = TextCleaning.singleLine(name)
        guard !cleaned.isEmpty else { return nil }
        return EventGroup(name: cleaned, urlname: value["urlname"]?.stringValue, id: identifier(value["id"]))
    }

    private static func title(_ value: JSONValue?) -> String {
        let cleaned = TextCleaning.singleLine(value?.stringValue ?? "")
        return cleaned.isEmpty ? "Untitled event" : cleaned
    }

    private static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)? where !text.isEmpty: text
        case .number(let number)? where number.rounded() == number && number >= 0 && number < 9e15: String(Int(number))
        default: nil
        }
    }

    /// Only absolute http(s) URLs leave the mapping: `javascript:` and friends never reach a page.
}
