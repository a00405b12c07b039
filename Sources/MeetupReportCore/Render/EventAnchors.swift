import Foundation

/// Gives each event's heading on a list page an `id`, so the index's cards can link to
/// the event on its query page. Markdown has no syntax for ids and cmark runs without
/// raw HTML, so they are added afterwards: the page's `<h3>` headings are its events,
/// in order. When a custom template breaks that one-to-one match, nothing is added.
enum EventAnchors {
    /// A hash of the event id: ids come from the API and are not safe as they are.
    static func id(of event: Event) -> String {
        "event-" + ContentHash.sha256Hex(event.id).prefix(12)
    }

    static func add(to html: String, events: [Event]) -> String {
        let parts = html.components(separatedBy: "<h3>")
        guard parts.count - 1 == events.count, !events.isEmpty else { return html }
        var result = parts[0]
        for (event, rest) in zip(events, parts.dropFirst()) {
            result += "<h3 id=\"\(id(of: event))\">" + rest
        }
        return result
    }
}
