import Foundation
import MeetupSupport

/// An event as the community's record keeps it: what is known of it at the end (the last
/// night it was seen, or the backfill that read it), and nothing about people (no hosts, no
/// attendees: the record counts how many went). Kept in the state folder for ever, whatever
/// the history's retention.
package struct ArchivedEvent: Sendable, Hashable, Encodable {
    package var id: String
    package var title: String
    package var start: ZonedDate
    package var end: Date?
    package var group: ArchivedGroupRef?
    /// The network event this is one group's copy of (counted once across a network).
    package var networkEventID: String?
    /// Online only (not hybrid).
    package var isOnline: Bool
    /// In person and online (Meetup's HYBRID).
    package var isHybrid: Bool
    package var city: String?
    package var country: String?
    package var going: Int?
    package var url: URL?
    package var photoURL: URL?
    /// Cancelled, or gone from Meetup before it began: kept, and said.
    package var isCancelled: Bool
    /// Where it took place (its venue's coordinates), for the geography report's map; nil online.
    package var latitude: Double?
    package var longitude: Double?
    /// The queries that listed it (or backfilled it).
    package var queryIDs: [String]

    package init(
        id: String, title: String, start: ZonedDate, end: Date? = nil, group: ArchivedGroupRef? = nil,
        networkEventID: String? = nil, isOnline: Bool = false, isHybrid: Bool = false, city: String? = nil,
        country: String? = nil,
        going: Int? = nil, url: URL? = nil, photoURL: URL? = nil, isCancelled: Bool = false, queryIDs: [String] = [],
        latitude: Double? = nil, longitude: Double? = nil
    ) {
        self.id = id
        // Untrusted text, as an event's (`Event.title`): a record kept before the rule came in too.
        self.title = TextCleaning.withoutControlCharacters(title)
        self.start = start
        self.end = end
        self.group = group
        self.networkEventID = networkEventID
        self.isOnline = isOnline && !isHybrid
        self.isHybrid = isHybrid
        self.city = TextCleaning.withoutControlCharacters(city)
        self.country = TextCleaning.withoutControlCharacters(country)
        self.going = going
        self.url = url
        self.photoURL = photoURL
        self.isCancelled = isCancelled
        self.queryIDs = queryIDs
        // Both or neither, and only on Earth.
        if let latitude, let longitude, abs(latitude) <= 90, abs(longitude) <= 180, !self.isOnline {
            (self.latitude, self.longitude) = (latitude, longitude)
        }
    }

    /// The record of an event as fetched.
    package init(_ event: Event, queryIDs: [String]) {
        self.init(
            id: event.id, title: event.title, start: event.start, end: event.end?.date,
            group: event.group.map { ArchivedGroupRef(id: $0.id, urlname: $0.urlname, name: $0.name) },
            networkEventID: event.networkEventID, isOnline: event.isOnline, isHybrid: event.isHybrid,
            city: event.venue?.city,
            country: event.venue?.country, going: event.rsvpCount, url: event.eventURL,
            photoURL: event.displayPhotoURL, queryIDs: queryIDs, latitude: event.venue?.latitude,
            longitude: event.venue?.longitude)
    }

    /// Counted once across a network: the network event's id when it has one, else its own.
    package var countingKey: String { networkEventID.map { "network:" + $0 } ?? id }
}

/// The group an archived event belongs to, as it was then.
package struct ArchivedGroupRef: Sendable, Hashable, Encodable {
    /// Meetup's group id, which lasts when the urlname changes; nil for calendars.
    package var id: String?
    package var urlname: String?
    package var name: String

    package init(id: String?, urlname: String?, name: String) {
        self.id = id
        self.urlname = urlname
        self.name = TextCleaning.withoutControlCharacters(name)
    }

    /// What the record knows the group by: its id, else its urlname.
    package var key: String? { id.map { "id:" + $0 } ?? urlname.map { "urlname:" + $0.lowercased() } }
}

/// A group in the record: followed by Meetup's id, so a renamed group keeps its history.
package struct ArchivedGroup: Sendable, Hashable, Encodable {
    package var key: String
    package var urlname: String
    package var name: String
    package var city: String?
    package var country: String?
    /// Urlnames it had before (Meetup renames a deleted group's: `muhq_deleted@4633@rladies-ushuaia`).
    package var formerUrlnames: [String]
    package var firstSeen: Date
    package var lastSeen: Date
    /// When a night's fetch of its query last answered without it (left the network, deleted).
    package var goneSince: Date?

    package init(
        key: String, urlname: String, name: String, city: String? = nil, country: String? = nil,
        formerUrlnames: [String] = [], firstSeen: Date, lastSeen: Date, goneSince: Date? = nil
    ) {
        self.key = key
        self.urlname = urlname
        self.name = TextCleaning.withoutControlCharacters(name)
        self.city = TextCleaning.withoutControlCharacters(city)
        self.country = TextCleaning.withoutControlCharacters(country)
        self.formerUrlnames = formerUrlnames
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.goneSince = goneSince
    }

    /// A urlname Meetup gave a deleted group.
    package static func isDeletedName(_ urlname: String) -> Bool { urlname.contains("_deleted@") }
}
