import Foundation
import MeetupSupport

/// A compact JSON form of events for the cache's last-good store. Read back with
/// the project's own JSON parser: decoding 30,000 events through `Decodable` took
/// a quarter of an `--offline` re-render of a large site.
extension Event {
    package var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "title": .string(title), "start": Self.json(start),
            "description": .string(description), "online": .bool(isOnline),
        ]
        if let end { object["end"] = Self.json(end) }
        if let eventURL { object["url"] = .string(eventURL.absoluteString) }
        if let rsvpCount { object["going"] = .number(Double(rsvpCount)) }
        if let venue {
            var place: [String: JSONValue] = ["name": .string(venue.name)]
            if let city = venue.city { place["city"] = .string(city) }
            if let latitude = venue.latitude { place["lat"] = .number(latitude) }
            if let longitude = venue.longitude { place["lon"] = .number(longitude) }
            if let country = venue.country { place["country"] = .string(country) }
            if let address = venue.address { place["address"] = .string(address) }
            if let region = venue.region { place["region"] = .string(region) }
            if let postalCode = venue.postalCode { place["postalCode"] = .string(postalCode) }
            object["venue"] = .object(place)
        }
        if let group {
            var value: [String: JSONValue] = ["name": .string(group.name)]
            if let urlname = group.urlname { value["urlname"] = .string(urlname) }
            if let groupID = group.id { value["id"] = .string(groupID) }
            object["group"] = .object(value)
        }
        if let groupPhotoURL { object["groupPhoto"] = .string(groupPhotoURL.absoluteString) }
        if let eventPhotoURL { object["eventPhoto"] = .string(eventPhotoURL.absoluteString) }
        if let createdAt { object["created"] = .number(createdAt.timeIntervalSince1970) }
        if isAllDay { object["allDay"] = .bool(true) }
        if let meetupID { object["meetupId"] = .string(meetupID) }
        if !formerIDs.isEmpty { object["formerIds"] = .array(formerIDs.map(JSONValue.string)) }
        if let networkEventID { object["networkEvent"] = .string(networkEventID) }
        if isHybrid { object["hybrid"] = .bool(true) }
        if let fee { object["fee"] = .array([.number(fee.amount), .string(fee.currency)]) }
        if fromCalendarFeed { object["calendarFeed"] = .bool(true) }
        return .object(object)
    }

    /// Nil when a required field is missing: a damaged cache entry is ignored, not trusted.
    package init?(jsonValue value: JSONValue) {
        guard let id = value["id"]?.stringValue, let title = value["title"]?.stringValue,
            let start = Self.zoned(value["start"])
        else { return nil }
        self.init(
            id: id, title: title, start: start, end: Self.zoned(value["end"]),
            eventURL: WebURL.parse(value["url"]), description: value["description"]?.stringValue ?? "",
            rsvpCount: value["going"]?.intValue,
            venue: value["venue"].flatMap { place in
                place["name"]?.stringValue.map {
                    Venue(
                        name: $0, city: place["city"]?.stringValue, latitude: place["lat"]?.doubleValue,
                        longitude: place["lon"]?.doubleValue, country: place["country"]?.stringValue,
                        address: place["address"]?.stringValue, region: place["region"]?.stringValue,
                        postalCode: place["postalCode"]?.stringValue)
                }
            },
            isOnline: value["online"]?.boolValue ?? false,
            group: value["group"].flatMap { group in
                group["name"]?.stringValue.map {
                    EventGroup(name: $0, urlname: group["urlname"]?.stringValue, id: group["id"]?.stringValue)
                }
            },
            groupPhotoURL: WebURL.parse(value["groupPhoto"]), eventPhotoURL: WebURL.parse(value["eventPhoto"]),
            createdAt: value["created"]?.doubleValue.map(Date.init(timeIntervalSince1970:)))
        isAllDay = value["allDay"]?.boolValue ?? false
        meetupID = value["meetupId"]?.stringValue
        formerIDs = value["formerIds"]?.arrayValue?.compactMap(\.stringValue) ?? []
        networkEventID = value["networkEvent"]?.stringValue
        isHybrid = value["hybrid"]?.boolValue ?? false
        if case .array(let parts)? = value["fee"], parts.count == 2, let amount = parts[0].doubleValue,
            let currency = parts[1].stringValue
        {
            fee = EventFee(amount: amount, currency: currency)
        }
        fromCalendarFeed = value["calendarFeed"]?.boolValue ?? false
    }

    private static func json(_ zoned: ZonedDate) -> JSONValue {
        .array([.number(zoned.date.timeIntervalSince1970), .number(Double(zoned.utcOffsetSeconds))])
    }

    private static func zoned(_ value: JSONValue?) -> ZonedDate? {
        guard case .array(let parts)? = value, parts.count == 2, let seconds = parts[0].doubleValue,
            let offset = parts[1].intValue
        else { return nil }
        return ZonedDate(date: Date(timeIntervalSince1970: seconds), utcOffsetSeconds: offset)
    }
}
