import Foundation
import MeetupModel
import MeetupSupport

/// "Add to calendar" for one event: its own `.ics` (one VEVENT with the same UID as in
/// the feeds and calendars) and a Google Calendar template link. The file name is a hash
/// of the event id: ids come from the API and never become paths as they are.
enum EventCalendarLinks {
    static func icsPath(_ event: Event) -> String {
        "events/\(ContentHash.sha256Hex(event.id).prefix(24)).ics"
    }

    /// `https://calendar.google.com/calendar/render?action=TEMPLATE&text=…&dates=…/…&details=…&location=…`,
    /// every value percent-encoded (`+` and `&` included); events without an end last two hours.
    /// The details carry the first 200 characters of the description and the event's link (the
    /// whole text was a kilobyte of every event on a page).
    static func googleCalendar(_ event: Event, details: String, language: SiteLanguage) -> URL? {
        let end =
            event.end.map(\.date).flatMap { $0 > event.start.date ? $0 : nil }
            ?? event.start.date.addingTimeInterval(2 * 3600)
        var detailText = TextCleaning.truncated(details, maxLength: 200)
        if let url = event.eventURL { detailText += (detailText.isEmpty ? "" : "\n\n") + url.absoluteString }
        let items = [
            ("action", "TEMPLATE"), ("text", event.title),
            (
                "dates",
                event.isAllDay
                    ? EventFormatting.allDayDates(of: event).start + "/" + EventFormatting.allDayDates(of: event).end
                    : "\(ICalendar.dateTime(event.start.date))/\(ICalendar.dateTime(end))"
            ),
            ("details", detailText), ("location", EventFormatting.location(of: event, in: language)),
        ]
        let query = items.map { name, value in "\(name)=\(percentEncoded(value))" }
        return URL(string: "https://calendar.google.com/calendar/render?" + query.joined(separator: "&"))
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    /// Everything but ASCII letters, digits and `-._~` as %XX of its UTF-8 bytes (RFC 3986
    /// unreserved): a hand loop, since Foundation's encoder was a twentieth of a large render.
    static func percentEncoded(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// `events/<hash>.ics`: one calendar file per upcoming event, rendered from the event and its
/// stamp (`SiteInput.lastChanged`, its DTSTAMP) with the site's settings.
enum EventCalendarFiles {
    /// The file's render key: what it is rendered from, the event by its fingerprint (the hash of
    /// every field it holds), not what the site's pages say of it.
    static func key(_ event: Event, stamp: Date, keys: RenderKeys) -> String {
        ContentHash.Builder(keys.renderer, "ics 2", event.fingerprint, "\(stamp.timeIntervalSince1970)").hex()
    }

    static func file(for event: Event, _ shared: RenderShared) -> SiteFile {
        let calendar = ICalendar(name: event.title)
        let data = calendar.data([event]) { shared.feedEntries.calendar($0) }
        return SiteFile(path: EventCalendarLinks.icsPath(event), contents: .bytes(data))
    }
}
