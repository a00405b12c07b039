import Foundation
import MeetupModel
import MeetupSupport

/// The value an upcoming event's page is rendered from: the event, its status from the
/// history, its thumbnail and the queries that found it. The page reads nothing else of
/// tonight's input (its description is rendered from the event, its layout is the site's), and
/// its render key is the hash of this value's encoding (`key`): a field added here is in the key.
struct UpcomingEventPage: Sendable, Encodable {
    /// A query that found the event, as the page links it.
    struct QueryLink: Sendable, Encodable, Equatable {
        var title: String
        var path: String
    }

    let event: Event
    var status: EventPageFacts.Status
    /// A thumbnail's site path (and its double-density twin), or nil for the placeholder.
    var image: String?
    var largeImage: String?
    var foundBy: [QueryLink]

    init(_ event: Event, input: SiteInput, foundBy: [EventQuery]) {
        self.event = event
        status = EventPageFacts.status(of: event, changes: input.history?.changes(ofEvent: event.id) ?? [])
        if let thumbnail = event.displayPhotoURL.flatMap({ input.thumbnails[$0] }) {
            image = SitePaths.thumbnail(thumbnail)
            largeImage = thumbnail.double.map { "thumbs/\($0.publishedName)" } ?? image
        }
        self.foundBy = foundBy.map { QueryLink(title: $0.title, path: SitePaths.queryPage($0)) }
    }

    /// The page's render key in a site whose every page's layout is `site` (`RenderKeys.site`).
    func key(site: String) -> String {
        ContentHash.Builder(site, "event page 3", ContentHash.of(self, kind: "upcoming event page")).hex()
    }

    private enum CodingKeys: String, CodingKey {
        case event, status, image, largeImage, foundBy
    }

    /// The event as its fingerprint: the hash of every field it holds (`EventFingerprintTests`
    /// keeps it whole), so the key does not encode a description of kilobytes again.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event.fingerprint, forKey: .event)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(image, forKey: .image)
        try container.encodeIfPresent(largeImage, forKey: .largeImage)
        try container.encode(foundBy, forKey: .foundBy)
    }
}
