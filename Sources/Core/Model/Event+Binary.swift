import Foundation
import MeetupSupport

/// A flat binary form of an event with its fingerprint, for `EventNodeFile`: read back, an
/// event is equal to the one written, field for field, and is not fingerprinted again. Its
/// JSON form (`Event+JSON`) is read through a tree: as costly as the answer it came from.
/// `EventBinaryTests` writes and reads an event with every property set, so one added to
/// `Event` and left out here fails.
extension Event {
    package func write(to writer: inout BinaryWriter) {
        writer.string(fingerprint)
        writer.string(id)
        writer.string(title)
        Self.write(start, to: &writer)
        writer.bool(end != nil)
        if let end { Self.write(end, to: &writer) }
        writer.optional(eventURL?.absoluteString)
        writer.string(description)
        writer.optional(rsvpCount.map(Double.init))
        writer.bool(venue != nil)
        if let venue {
            writer.string(venue.name)
            writer.optional(venue.city)
            writer.optional(venue.latitude)
            writer.optional(venue.longitude)
            for part in [venue.country, venue.address, venue.region, venue.postalCode] { writer.optional(part) }
        }
        writer.bool(isOnline)
        writer.bool(group != nil)
        if let group {
            writer.string(group.name)
            writer.optional(group.urlname)
            writer.optional(group.id)
        }
        writer.optional(groupPhotoURL?.absoluteString)
        writer.optional(eventPhotoURL?.absoluteString)
        writer.optional(createdAt?.timeIntervalSince1970)
        writer.bool(isAllDay)
        writer.optional(meetupID)
        writer.integer(formerIDs.count, size: 4)
        for former in formerIDs { writer.string(former) }
        writer.optional(networkEventID)
        writer.bool(isHybrid)
        writer.optional(fee?.amount)
        if let fee { writer.string(fee.currency) }
        writer.bool(fromCalendarFeed)
    }

    /// Nil when the bytes are not an event as `write(to:)` writes one. Every field is read
    /// before the event is made, so it is made once (each field set after makes a new box).
    package init?(reading reader: inout BinaryReader) {
        guard let fingerprint = reader.string(), let id = reader.string(), let title = reader.string(),
            let start = Self.zoned(&reader), let end = Self.optionalZoned(&reader),
            let eventURL = reader.optionalString(), let description = reader.string(),
            let rsvpCount = reader.optionalDouble(), let venue = Self.venue(&reader), let isOnline = reader.bool(),
            let group = Self.group(&reader), let groupPhoto = reader.optionalString(),
            let eventPhoto = reader.optionalString(), let createdAt = reader.optionalDouble(),
            let isAllDay = reader.bool(), let meetupID = reader.optionalString(),
            let formerIDs = Self.strings(&reader), let networkEventID = reader.optionalString(),
            let isHybrid = reader.bool(), let fee = Self.fee(&reader), let fromCalendarFeed = reader.bool()
        else { return nil }
        self.init(
            id: id, title: title, start: start, end: end, eventURL: eventURL.flatMap(URL.init(string:)),
            description: description, rsvpCount: rsvpCount.flatMap { Int(exactly: $0) }, venue: venue,
            isOnline: isOnline, group: group, groupPhotoURL: groupPhoto.flatMap(URL.init(string:)),
            eventPhotoURL: eventPhoto.flatMap(URL.init(string:)),
            createdAt: createdAt.map(Date.init(timeIntervalSince1970:)), meetupID: meetupID,
            networkEventID: networkEventID, isHybrid: isHybrid, fee: fee)
        if isAllDay { self.isAllDay = true }
        if !formerIDs.isEmpty { self.formerIDs = formerIDs }
        if fromCalendarFeed { self.fromCalendarFeed = true }
        _ = rememberedFingerprint { fingerprint }
    }

    private static func write(_ zoned: ZonedDate, to writer: inout BinaryWriter) {
        writer.double(zoned.date.timeIntervalSince1970)
        writer.integer(zoned.utcOffsetSeconds, size: 8)
    }

    private static func zoned(_ reader: inout BinaryReader) -> ZonedDate? {
        guard let seconds = reader.double(), let offset = reader.signed() else { return nil }
        return ZonedDate(date: Date(timeIntervalSince1970: seconds), utcOffsetSeconds: offset)
    }

    /// `.some(nil)`: no end; nil: damaged.
    private static func optionalZoned(_ reader: inout BinaryReader) -> ZonedDate?? {
        guard let present = reader.bool() else { return nil }
        return present ? zoned(&reader).map { .some($0) } : .some(nil)
    }

    private static func strings(_ reader: inout BinaryReader) -> [String]? {
        guard let count = reader.integer(4), count <= 1_000 else { return nil }
        var strings: [String] = []
        for _ in 0..<count {
            guard let string = reader.string() else { return nil }
            strings.append(string)
        }
        return strings
    }

    private static func fee(_ reader: inout BinaryReader) -> EventFee?? {
        guard let amount = reader.optionalDouble() else { return nil }
        guard let amount else { return .some(nil) }
        return reader.string().map { .some(EventFee(amount: amount, currency: $0)) }
    }

    /// `.some(nil)`: no venue; nil: damaged.
    private static func venue(_ reader: inout BinaryReader) -> Venue?? {
        guard let present = reader.bool() else { return nil }
        guard present else { return .some(nil) }
        guard let name = reader.string(), let city = reader.optionalString(), let latitude = reader.optionalDouble(),
            let longitude = reader.optionalDouble(), let country = reader.optionalString(),
            let address = reader.optionalString(), let region = reader.optionalString(),
            let postalCode = reader.optionalString()
        else { return nil }
        return Venue(
            name: name, city: city, latitude: latitude, longitude: longitude, country: country, address: address,
            region: region, postalCode: postalCode)
    }

    private static func group(_ reader: inout BinaryReader) -> EventGroup?? {
        guard let present = reader.bool() else { return nil }
        guard present else { return .some(nil) }
        guard let name = reader.string(), let urlname = reader.optionalString(), let id = reader.optionalString()
        else { return nil }
        return EventGroup(name: name, urlname: urlname, id: id)
    }
}
