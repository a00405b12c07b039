import Foundation
import MeetupModel
import MeetupSupport

/// An event as schema.org `Event` in JSON-LD, the form search engines read events in
/// (Google's event documentation: `name`, `startDate` and `location` required; `endDate`,
/// `eventStatus`, `eventAttendanceMode`, `image`, `description`, `organizer`, `offers`
/// recommended). Written into a `<script type="application/ld+json">` block by `scriptBlock`,
/// which no event text can close.
enum EventJSONLD {
    /// - Parameters:
    ///   - pageURL: the event's page on this site (its `url`).
    ///   - imageURL: an absolute picture URL, or nil.
    static func make(_ facts: EventPageFacts, pageURL: URL, imageURL: URL?) -> JSONValue {
        var object: [String: JSONValue] = [
            "@context": .string("https://schema.org"),
            "@type": .string("Event"),
            "name": .string(facts.title),
            "startDate": .string(date(facts.start, allDay: facts.isAllDay)),
            "eventStatus": .string("https://schema.org/" + statusName(facts.status)),
            "eventAttendanceMode": .string(
                "https://schema.org/"
                    + (facts.isHybrid
                        ? "MixedEventAttendanceMode"
                        : facts.isOnline ? "OnlineEventAttendanceMode" : "OfflineEventAttendanceMode")),
            "location": location(facts, pageURL: pageURL),
            "url": .string(pageURL.absoluteString),
        ]
        if let end = facts.end, end.date > facts.start.date {
            object["endDate"] = .string(date(end, allDay: facts.isAllDay))
        }
        if case .rescheduled(let previous) = facts.status {
            object["previousStartDate"] = .string(date(previous, allDay: facts.isAllDay))
        }
        if let meetup = facts.meetupURL { object["sameAs"] = .string(meetup.absoluteString) }
        if let imageURL { object["image"] = .array([.string(imageURL.absoluteString)]) }
        let description = TextCleaning.truncated(facts.plainDescription, maxLength: 5_000)
        if !description.isEmpty { object["description"] = .string(description) }
        if let group = facts.group {
            var organizer: [String: JSONValue] = ["@type": .string("Organization"), "name": .string(group.name)]
            if let url = groupURL(group) { organizer["url"] = .string(url.absoluteString) }
            object["organizer"] = .object(organizer)
        }
        if let fee = facts.fee {
            var offer: [String: JSONValue] = [
                "@type": .string("Offer"), "price": .number(fee.amount), "priceCurrency": .string(fee.currency),
                "availability": .string("https://schema.org/" + (facts.isPast ? "SoldOut" : "InStock")),
            ]
            if let meetup = facts.meetupURL { offer["url"] = .string(meetup.absoluteString) }
            object["offers"] = .object(offer)
        }
        return .object(object)
    }

    /// The JSON for inside `<script type="application/ld+json">`: `<`, `>` and `&` as `\u003c`,
    /// `\u003e` and `\u0026` (JSON reads them back the same), so no text can write `</script>`
    /// or `<!--`. The writer already escapes U+2028 and U+2029.
    static func scriptBlock(_ value: JSONValue) -> String {
        var output = ""
        for scalar in value.compactJSON.unicodeScalars {
            switch scalar {
            case "<": output += "\\u003c"
            case ">": output += "\\u003e"
            case "&": output += "\\u0026"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The group's own address on Meetup, from its urlname (`WebURL.meetupGroup`).
    static func groupURL(_ group: EventGroup) -> URL? { WebURL.meetupGroup(group.urlname) }

    private static func statusName(_ status: EventPageFacts.Status) -> String {
        switch status {
        case .scheduled: "EventScheduled"
        case .cancelled: "EventCancelled"
        case .movedOnline: "EventMovedOnline"
        case .rescheduled: "EventRescheduled"
        }
    }

    /// ISO 8601 with the event's own offset (`2026-12-01T19:00:00+01:00`); a whole-day event's day.
    private static func date(_ zoned: ZonedDate, allDay: Bool) -> String {
        let text = ISO8601.format(zoned)
        return allDay ? String(text.prefix(10)) : text
    }

    /// `Place` with its address and `GeoCoordinates`, `VirtualLocation`, or both; Text when the
    /// place is not known yet (schema.org's `location` takes Text: no place is made up for it).
    private static func location(_ facts: EventPageFacts, pageURL: URL) -> JSONValue {
        let virtual = JSONValue.object([
            "@type": .string("VirtualLocation"), "url": .string((facts.meetupURL ?? pageURL).absoluteString),
        ])
        guard let venue = facts.venue, !facts.isOnline || facts.isHybrid else {
            return facts.isOnline ? virtual : .string("Venue to be announced")
        }
        let address = address(of: venue)
        var place: [String: JSONValue] = ["@type": .string("Place"), "address": address]
        if case .string = address {
            place["name"] = .string(locationText(TextCleaning.singleLine(venue.name)).name)
        } else if let name = venue.name.isEmpty ? facts.placeLine : venue.name {
            place["name"] = .string(name)
        }
        if facts.mapURL != nil, let latitude = venue.latitude, let longitude = venue.longitude {
            place["geo"] = .object([
                "@type": .string("GeoCoordinates"), "latitude": .number(latitude), "longitude": .number(longitude),
            ])
        }
        return facts.isHybrid ? .array([.object(place), virtual]) : .object(place)
    }

    /// The venue's `PostalAddress` from Meetup's fields; a calendar's venue, which has only its
    /// LOCATION text, gets that text as its address (schema.org's `address` takes Text).
    private static func address(of venue: Venue) -> JSONValue {
        var address: [String: JSONValue] = ["@type": .string("PostalAddress")]
        if let street = venue.address, !street.isEmpty { address["streetAddress"] = .string(street) }
        if let city = venue.city, !city.isEmpty { address["addressLocality"] = .string(city) }
        if let region = venue.region, !region.isEmpty { address["addressRegion"] = .string(region) }
        if let postalCode = venue.postalCode, !postalCode.isEmpty { address["postalCode"] = .string(postalCode) }
        if let country = venue.country, !country.isEmpty { address["addressCountry"] = .string(country.uppercased()) }
        guard address.count == 1 else { return .object(address) }
        return .string(locationText(TextCleaning.singleLine(venue.name)).address)
    }

    /// A calendar's LOCATION as name and address: Meetup writes "Venue, Floor (1 Broadway, Cambridge,
    /// MA)", the address in the closing brackets; other text is both.
    static func locationText(_ text: String) -> (name: String, address: String) {
        guard text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) else { return (text, text) }
        let name = String(text[..<open.lowerBound])
        let address = String(text[open.upperBound..<text.index(before: text.endIndex)])
        guard !name.isEmpty, !address.isEmpty else { return (text, text) }
        return (name, address)
    }
}
