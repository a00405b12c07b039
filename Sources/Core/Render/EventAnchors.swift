import Foundation
import MeetupModel
import MeetupSupport

/// The `id` of each event's heading on a list page, so the index's cards can link to the
/// event on its query page (`PageBody` writes it on the heading).
enum EventAnchors {
    /// A hash of the event id: ids come from the API and are not safe as they are.
    static func id(of event: Event) -> String {
        "event-" + ContentHash.sha256Hex(event.id).prefix(12)
    }
}
