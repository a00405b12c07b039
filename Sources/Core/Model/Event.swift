import Foundation
import MeetupSupport

/// One upcoming event, normalised from whichever API shape it arrived in.
/// Everything except `id`, `title` and `start` is optional because real
/// responses omit venues, photos and counts routinely.
package struct Event: Sendable, Hashable, Identifiable {
    /// The fields live in one shared, immutable box: a W2 night holds its 10,000 events in a
    /// dozen arrays and dictionaries (each query's, the curated ones, the distinct ones, by
    /// id), and inline each element was about 500 bytes, 50 MB of the render's memory peak
    /// (heaptrack) and a copy of each event whenever an array of them was filtered. A
    /// change makes a new box; events are changed while they are mapped, rarely after.
    private var box: Box

    private final class Box: Sendable {
        let fields: Fields
        /// `Event.fingerprint`, worked out once per box: a night asks for it three or four times
        /// an event (the last good events, the render keys, the search's inputs and plan).
        let fingerprint = LockedBox<String?>(nil)
        init(_ fields: Fields) { self.fields = fields }
    }

    /// Whether the two are one copy (what `EventInterner` makes of equal events), not only equal.
    package func sharesStorage(with other: Event) -> Bool { box === other.box }

    /// `make()` once per set of fields: the box keeps the answer (`fingerprint`).
    func rememberedFingerprint(_ make: () -> String) -> String {
        if let known = box.fingerprint.withLock({ $0 }) { return known }
        let made = make()
        box.fingerprint.withLock { $0 = made }
        return made
    }

    private struct Fields: Sendable, Hashable {
        var id: String
        var title: String
        var start: ZonedDate
        var end: ZonedDate?
        var eventURL: URL?
        var description: String
        var rsvpCount: Int?
        var venue: Venue?
        var isOnline: Bool
        var group: EventGroup?
        var groupPhotoURL: URL?
        var eventPhotoURL: URL?
        var createdAt: Date?
        var isAllDay: Bool = false
        var meetupID: String?
        var formerIDs: [String] = []
        var networkEventID: String?
        var isHybrid: Bool = false
        var fee: EventFee?
        var fromCalendarFeed: Bool = false
    }

    /// What the event is known by from night to night: Meetup's `token` ("a unique and stable
    /// identifier") when the API gives one, else its `id`. History, curation, the digest and
    /// the per-event files key on it.
    package var id: String {
        get { box.fields.id }
        set { change { $0.id = newValue } }
    }
    /// Untrusted text, without control characters (`TextCleaning.withoutControlCharacters`) however it was set.
    package var title: String {
        get { box.fields.title }
        set { change { $0.title = TextCleaning.withoutControlCharacters(newValue) } }
    }
    package var start: ZonedDate {
        get { box.fields.start }
        set { change { $0.start = newValue } }
    }
    package var end: ZonedDate? {
        get { box.fields.end }
        set { change { $0.end = newValue } }
    }
    /// Only ever an http(s) URL; anything else from the API is dropped.
    package var eventURL: URL? {
        get { box.fields.eventURL }
        set { change { $0.eventURL = newValue } }
    }
    /// Untrusted Markdown or HTML, without control characters but tab and line breaks.
    package var description: String {
        get { box.fields.description }
        set { change { $0.description = TextCleaning.withoutControlCharacters(newValue) } }
    }
    package var rsvpCount: Int? {
        get { box.fields.rsvpCount }
        set { change { $0.rsvpCount = newValue } }
    }
    package var venue: Venue? {
        get { box.fields.venue }
        set { change { $0.venue = newValue } }
    }
    package var isOnline: Bool {
        get { box.fields.isOnline }
        set { change { $0.isOnline = newValue } }
    }
    package var group: EventGroup? {
        get { box.fields.group }
        set { change { $0.group = newValue } }
    }
    package var groupPhotoURL: URL? {
        get { box.fields.groupPhotoURL }
        set { change { $0.groupPhotoURL = newValue } }
    }
    package var eventPhotoURL: URL? {
        get { box.fields.eventPhotoURL }
        set { change { $0.eventPhotoURL = newValue } }
    }
    /// When the organiser created the event, if the API said; feeds use it as the entry's date.
    package var createdAt: Date? {
        get { box.fields.createdAt }
        set { change { $0.createdAt = newValue } }
    }
    /// A whole-day event (an iCalendar DATE): `start` is its first day's midnight and
    /// `end` the midnight after its last day, in the site's zone; no time of day is shown.
    package var isAllDay: Bool {
        get { box.fields.isAllDay }
        set { change { $0.isAllDay = newValue } }
    }
    /// Meetup's `id` when `id` is the token: "unique but unstable" (a recurring event that has
    /// seen activity may change it), kept because configs and links name events by it.
    package var meetupID: String? {
        get { box.fields.meetupID }
        set { change { $0.meetupID = newValue } }
    }
    /// Meetup ids the event had on earlier nights (the history's), so a pin or a note written
    /// for one of them still finds it.
    package var formerIDs: [String] {
        get { box.fields.formerIDs }
        set { change { $0.formerIDs = newValue } }
    }
    /// The network event this is one group's copy of (Meetup's network event scheduler posts
    /// one event per group, each with its own id, sharing this one).
    package var networkEventID: String? {
        get { box.fields.networkEventID }
        set { change { $0.networkEventID = newValue } }
    }
    /// Meetup's `HYBRID`: in person at `venue` and online too (schema.org's mixed attendance).
    package var isHybrid: Bool {
        get { box.fields.isHybrid }
        set { change { $0.isHybrid = newValue } }
    }
    /// What it costs to go, when Meetup says (`feeSettings`); nil for a free event.
    package var fee: EventFee? {
        get { box.fields.fee }
        set { change { $0.fee = newValue } }
    }
    /// Where the event came from when that limits what is known of it: a group's public
    /// iCalendar feed has no count of who is going and no photo (said on its page).
    package var fromCalendarFeed: Bool {
        get { box.fields.fromCalendarFeed }
        set { change { $0.fromCalendarFeed = newValue } }
    }

    private mutating func change(_ edit: (inout Fields) -> Void) {
        var fields = box.fields
        edit(&fields)
        box = Box(fields)
    }

    package static func == (left: Event, right: Event) -> Bool {
        left.box === right.box || left.box.fields == right.box.fields
    }

    package func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// Every name a config or a person may use for the event: its id, its Meetup id, its former ones.
    package var identifiers: [String] { [id] + (meetupID.map { [$0] } ?? []) + formerIDs }

    /// True when `name` is one of the event's identifiers.
    package func isNamed(_ name: String) -> Bool { name == id || name == meetupID || formerIDs.contains(name) }

    /// Every field at once: each one set afterwards makes a new box (mapping 30,000 answers'
    /// events with four fields set after was a fifth of the mapping's CPU, perf).
    package init(
        id: String, title: String, start: ZonedDate, end: ZonedDate? = nil, eventURL: URL? = nil,
        description: String = "", rsvpCount: Int? = nil, venue: Venue? = nil, isOnline: Bool = false,
        group: EventGroup? = nil, groupPhotoURL: URL? = nil, eventPhotoURL: URL? = nil, createdAt: Date? = nil,
        meetupID: String? = nil, networkEventID: String? = nil, isHybrid: Bool = false, fee: EventFee? = nil
    ) {
        box = Box(
            Fields(
                id: id, title: TextCleaning.withoutControlCharacters(title), start: start, end: end,
                eventURL: eventURL, description: TextCleaning.withoutControlCharacters(description),
                rsvpCount: rsvpCount, venue: venue, isOnline: isOnline, group: group, groupPhotoURL: groupPhotoURL,
                eventPhotoURL: eventPhotoURL, createdAt: createdAt, meetupID: meetupID, networkEventID: networkEventID,
                isHybrid: isHybrid, fee: fee))
    }

    /// The picture shown beside the event: the group's photo, which many events
    /// share (so it is downloaded once), else the event's own.
    package var displayPhotoURL: URL? { groupPhotoURL ?? eventPhotoURL }

    /// Not yet started at `now`: the only events a digest lists.
    package func isUpcoming(at now: Date) -> Bool { start.date >= now }
}

package struct Venue: Sendable, Hashable, Encodable {
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
        // Untrusted text, as the event's own (`Event.title`).
        self.name = TextCleaning.withoutControlCharacters(name)
        self.city = TextCleaning.withoutControlCharacters(city)
        self.latitude = latitude
        self.longitude = longitude
        self.country = TextCleaning.withoutControlCharacters(country)
        self.address = TextCleaning.withoutControlCharacters(address)
        self.region = TextCleaning.withoutControlCharacters(region)
        self.postalCode = TextCleaning.withoutControlCharacters(postalCode)
    }
}

/// A fee to go: an amount in a currency (ISO 4217, as Meetup's `EventFeeCurrency`).
package struct EventFee: Sendable, Hashable, Encodable {
    package var amount: Double
    package var currency: String

    package init(amount: Double, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}

package struct EventGroup: Sendable, Hashable, Encodable {
    package var name: String
    package var urlname: String?
    /// Meetup's id of the group: it lasts when the urlname changes (a deleted group's is renamed).
    package var id: String?

    package init(name: String, urlname: String? = nil, id: String? = nil) {
        self.name = TextCleaning.withoutControlCharacters(name)
        self.urlname = urlname
        self.id = id
    }
}
