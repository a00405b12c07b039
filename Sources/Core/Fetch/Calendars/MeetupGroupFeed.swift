import Foundation
import MeetupModel
import MeetupSupport

/// A Meetup group's public iCalendar feed (`https://www.meetup.com/<urlname>/events/ical/`)
/// as the site's events. Built against a real export (`meetup-ical` fixture): each VEVENT's
/// `URL` is the event's page, whose last path segment is its id (the UID is not); the
/// `DESCRIPTION` starts with the group's name, then the date in words, then the text, and
/// ends with the event's URL. There is no photo and no count of who is going.
package enum MeetupGroupFeed {
    /// The feed's events with Meetup's ids, the group named, and what the feed cannot say marked.
    package static func events(_ parsed: [Event], urlname: String) -> [Event] {
        parsed.map { event in
            var event = event
            if let id = eventID(from: event.eventURL) { event.id = id }
            let (group, description) = split(event.description, url: event.eventURL)
            event.description = description
            event.group = EventGroup(name: group ?? urlname, urlname: urlname)
            event.fromCalendarFeed = true
            return event
        }
    }

    /// `https://www.meetup.com/Code-for-Boston/events/249894034/` → `249894034`.
    package static func eventID(from url: URL?) -> String? {
        guard let url, url.host?.lowercased().hasSuffix("meetup.com") != false else { return nil }
        let parts = url.pathComponents.filter { $0 != "/" }
        guard let index = parts.lastIndex(of: "events"), index + 1 < parts.count else { return nil }
        let id = parts[index + 1]
        return !id.isEmpty && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? id : nil
    }

    /// The group's name (the description's first line) and the description without it and
    /// without the trailing copy of the event's URL.
    static func split(_ description: String, url: URL?) -> (group: String?, text: String) {
        var lines = description.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        while let last = lines.last,
            last.trimmingCharacters(in: .whitespaces).isEmpty
                || last.trimmingCharacters(in: .whitespaces) == url?.absoluteString
        {
            lines.removeLast()
        }
        guard lines.count >= 2 else { return (nil, lines.joined(separator: "\n")) }
        let group = TextCleaning.singleLine(lines.removeFirst())
        return (
            group.isEmpty ? nil : group, lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }
}
