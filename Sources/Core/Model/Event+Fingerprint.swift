import Foundation
import MeetupSupport

extension Event {
    /// A hash of everything the event holds, for deciding whether what was made from it last
    /// night can stand (`RenderKeys`, the search index). Fed field by field: serialising each
    /// event to JSON for it cost a tenth of a warm 10,000-event night (docs/bench-log.md).
    /// `EventFingerprintTests` counts the stored properties, so a new one cannot be left out.
    /// Worked out once per value (and its copies), however often it is asked.
    package var fingerprint: String { rememberedFingerprint { madeFingerprint } }

    private var madeFingerprint: String {
        var key = ContentHash.Builder(
            "event-1", id, title, Self.text(start), end.map(Self.text) ?? "-",
            eventURL?.absoluteString ?? "-", description, rsvpCount.map(String.init) ?? "-")
        if let venue {
            key.add([
                venue.name, venue.city ?? "-", venue.latitude.map { "\($0)" } ?? "-",
                venue.longitude.map { "\($0)" } ?? "-", venue.country ?? "-", venue.address ?? "-",
                venue.region ?? "-", venue.postalCode ?? "-",
            ])
        } else {
            key.add("no venue")
        }
        key.add(isOnline ? "online" : "in person")
        if let group { key.add([group.name, group.urlname ?? "-", group.id ?? "-"]) } else { key.add("no group") }
        key.add([
            groupPhotoURL?.absoluteString ?? "-", eventPhotoURL?.absoluteString ?? "-",
            createdAt.map { "\($0.timeIntervalSince1970)" } ?? "-", isAllDay ? "all day" : "timed",
        ])
        key.add([meetupID ?? "-", networkEventID ?? "-"] + formerIDs)
        key.add([
            isHybrid ? "hybrid" : "-", fee.map { "\($0.amount) \($0.currency)" } ?? "free",
            fromCalendarFeed ? "calendar feed" : "-",
        ])
        return key.hex()
    }

    private static func text(_ zoned: ZonedDate) -> String {
        "\(zoned.date.timeIntervalSince1970) \(zoned.utcOffsetSeconds)"
    }
}
