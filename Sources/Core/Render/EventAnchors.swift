import Foundation
import MeetupModel
import MeetupSupport

/// Gives each event's heading on a list page an `id`, so the index's cards can link to
/// the event on its query page. Markdown has no syntax for ids and cmark runs without
/// raw HTML, so they are added afterwards: the page's `<h3>` headings are its events,
/// in order. When a custom template breaks that one-to-one match, nothing is added.
enum EventAnchors {
    /// A hash of the event id: ids come from the API and are not safe as they are.
    static func id(of event: Event) -> String {
        "event-" + ContentHash.sha256Hex(event.id).prefix(12)
    }

    /// One pass over the UTF-8 bytes (Foundation's `components(separatedBy:)` was a
    /// tenth of a large site's render).
    static func add(to html: String, events: [Event]) -> String {
        guard !events.isEmpty else { return html }
        let marker = Array("<h3>".utf8)
        let bytes = Array(html.utf8)
        var starts: [Int] = []
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0], bytes[index + 1] == marker[1], bytes[index + 2] == marker[2], bytes[index + 3] == marker[3] {
                starts.append(index)
                index += marker.count
            } else {
                index += 1
            }
        }
        guard starts.count == events.count else { return html }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + events.count * 24)
        var previous = 0
        for (start, event) in zip(starts, events) {
            output += bytes[previous..<start]
            output += Array("<h3 id=\"\(id(of: event))\">".utf8)
            previous = start + marker.count
        }
        output += bytes[previous...]
        return String(decoding: output, as: UTF8.self)
    }
}
