import Foundation
import MeetupSupport

/// One upcoming event, normalised from whichever API shape it arrived in.
/// Everything except `id`, `title` and `start` is optional because real
/// responses omit venues, photos and counts routinely.
package struct Event: Sendable, Hashable, Identifiable {
    /// What the event is known by from night to night: Meetup's `token` ("a unique and stable
    /// identifier") when the API gives one, else its `id`. History, curation, the digest and
    /// the per-event files key on it.
    package var id: String
    package var title: String
    package var start: ZonedDate
    package var end: ZonedDate?
    /// Only ever an http(s) URL; anything else from the API is dropped.
    package var eventURL: URL?
    package var description: String
    package var rsvpCount: Int?
    package var venue: Venue?
    package var isOnline: Bool
    package var group: EventGroup?
    package var groupPhotoURL: URL?
    package var eventPhotoURL: URL?
    /// When the organiser created the event, if the API said; feeds use it as the entry's date.
    package var createdAt: Date?
    /// A whole-day event (an iCalendar DATE): `start` is its first day's midnight and
    /// `end` the midnight after its last day, in the site's zone; no time of day is shown.
    package var isAllDay = false
    /// Meetup's `id` when `id` is the token: "unique but unstable" (a recurring event that has
    /// seen activity may change it), kept because configs and links name events by it.
    package var meetupID: String?
    /// Meetup ids the event had on earlier nights (the history's), so a pin or a note written
    /// for one of them still finds it.
    package var formerIDs: [String] = []
    /// The network event this is one group's copy of (Meetup's network event scheduler posts
    /// one event per group, each with its own id, sharing this one).
    package var networkEventID: String?
    /// Meetup's `HYBRID`: in person at `venue` and online too (schema.org's mixed attendance).
    package var isHybrid = false
    /// What it costs to go, when Meetup says (`feeSettings`); nil for a free event.
    package var fee: EventFee?
    /// Where the event came from when that limits what is known of it: a group's public
    /// iCalendar feed has no count of who is going and no photo (said on its page).
    package var fromCalendarFeed = false

    /// Every name a config or a person may use for the event: its id, its Meetup id, its former ones.
    package var identifiers: [String] { [id] + (meetupID.map { [$0] } ?? []) + formerIDs }

    /// True when `name` is one of the event's identifiers.
    package func isNamed(_ name: String) -> Bool { name == id || name == meetupID || formerIDs.contains(name) }

    package init(
        id: String, title: String, start: ZonedDate, end: ZonedDate? = nil, eventURL: URL? = nil,
        description: String = "", rsvpCount: Int? = nil, venue: Venue? = nil, isOnline: Bool = false,
        group: EventGroup? = nil, groupPhotoURL: URL? = nil, eventPhotoURL: URL? = nil, createdAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.start = start
        self.end = end
        self.eventURL = eventURL
        self.description = description
        self.rsvpCount = rsvpCount
        self.venue = venue
        self.isOnline = isOnline
        self.group = group
        self.groupPhotoURL = groupPhotoURL
        self.eventPhotoURL = eventPhotoURL
        self.createdAt = createdAt
    }

    /// The picture shown beside the event: the group's photo, which many events
    /// share (so it is downloaded once), else the event's own.
    package var displayPhotoURL: URL? { groupPhotoURL ?? eventPhotoURL }

    /// Not yet started at `now`: the only events a digest lists.
    package func isUpcoming(at now: Date) -> Bool { start.date >= now }
}

package struct Venue: Sendable, Hashable {
    package var name: String
    package var city: String?
    package var latitude: Double?
    package var longitude: Double?
    /// ISO 3166 alpha-2, lowercase as Meetup sends it ("ng").
    package var country: String?
    /// The street address, region and postal code, as Meetup gives them (event pages' `PostalAddress`).
    package var address: String?
    package var region: String?
    package var postalCode: String?

    package init(
        name: String, city: String? = nil, latitude: Double? = nil, longitude: Double? = nil, country: String? = nil,
        address: String? = nil, region: String? = nil, postalCode: String? = nil
    ) {
        self.name = name
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
        self.address = address
        self.region = region
        self.postalCode = postalCode
    }
}

/// A fee to go: an amount in a currency (ISO 4217, as Meetup's `EventFeeCurrency`).
package struct EventFee: Sendable, Hashable {
    package var amount: Double
    package var currency: String

    package init(amount: Double, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}

package struct EventGroup: Sendable, Hashable {
    package var name: String
    package var urlname: String?
    /// Meetup's id of the group: it lasts when the urlname changes (a deleted group's is renamed).
    package var id: String?

    package init(name: String, urlname: String? = nil, id: String? = nil) {
        self.name = name
        self.urlname = urlname
        self.id = id
    }
}
