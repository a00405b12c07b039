import Foundation
import MeetupModel
import MeetupSupport

/// An iCalendar (RFC 5545) file of events, for "subscribe" (webcal) and "add to
/// calendar". Times are written in UTC (`…Z`), which every client converts to
/// its own zone without needing VTIMEZONE definitions; UIDs are stable per event.
struct ICalendar {
    let name: String

    /// The file's bytes, gathered once at their final size: grown as a String and then
    /// copied into Data, W2's site calendar (10,000 events) was 37 MB of the render's memory
    /// peak (heaptrack).
    /// - Parameter event: the event's VEVENT, from `event(_:…)`; made once per event
    ///   and shared by every calendar that lists it.
    func data(_ events: [Event], event: (Event) -> String) -> Data {
        let entries = SitePaths.chronological(events).map(event)
        var data = Data(capacity: entries.reduce(header.utf8.count + 32) { $0 + $1.utf8.count })
        func append(_ text: String) {
            var text = text
            text.withUTF8 { data.append($0) }
        }
        append(header)
        entries.forEach(append)
        append(Self.end)
        return data
    }

    /// The same bytes, written into `file` entry by entry: the site calendar (20 MB on W2) is
    /// never whole in memory beside the entries it is made of.
    func write(_ events: [Event], event: (Event) -> [UInt8], to file: BufferedFile) {
        file.append(header)
        for entry in SitePaths.chronological(events) {
            var bytes = event(entry)
            file.append(&bytes)
        }
        file.append(Self.end)
    }

    private static let end = "END:VCALENDAR\r\n"

    private var header: String {
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//meetup-report//Meetup events//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:\(Self.text(name))",
        ].map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// One VEVENT, folded, each line ending in CRLF.
    /// - Parameter stamp: its `DTSTAMP`: when the site last saw the event's information change
    ///   (`SiteInput.lastChanged`), not the run's moment, so an unchanged event's calendar
    ///   stays byte for byte the same from night to night.
    static func event(_ event: Event, stamp: Date, excerpt: String, language: SiteLanguage) -> String {
        var lines = [
            "BEGIN:VEVENT",
            "UID:meetup-\(text(event.id))@meetup-report",
            "DTSTAMP:\(dateTime(stamp))",
        ]
        if event.isAllDay {
            let days = EventFormatting.allDayDates(of: event)
            lines += ["DTSTART;VALUE=DATE:\(days.start)", "DTEND;VALUE=DATE:\(days.end)"]
        } else {
            lines.append("DTSTART:\(dateTime(event.start.date))")
            if let end = event.end, end.date > event.start.date { lines.append("DTEND:\(dateTime(end.date))") }
        }
        lines.append("SUMMARY:\(text(event.title))")
        lines.append("LOCATION:\(text(EventFormatting.location(of: event, in: language)))")
        if let url = event.eventURL {
            lines.append("URL:\(url.absoluteString)")
        }
        var description: [String] = []
        if let group = event.group { description.append(language.localized("Group: {name}", ["name": group.name])) }
        if let going = event.rsvpCount { description.append(language.plural(going, "{count} going", "{count} going")) }
        if !excerpt.isEmpty { description.append(excerpt) }
        if let url = event.eventURL { description.append(url.absoluteString) }
        if !description.isEmpty {
            lines.append("DESCRIPTION:\(text(description.joined(separator: "\n")))")
        }
        lines.append("END:VEVENT")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT value escaping (RFC 5545 3.3.11); control characters are dropped. On UTF-8 bytes:
    /// every byte it looks at is ASCII, which never occurs inside a longer sequence (appending
    /// scalar by scalar to a String was a tenth of a night's render under `perf`).
    static func text(_ value: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(value.utf8.count + 16)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                escaped += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case _ where byte < 0x20 || byte == 0x7F: continue
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Folds a content line at 75 octets, never inside a UTF-8 sequence (RFC 5545 3.1).
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var folded: [UInt8] = []
        folded.reserveCapacity(line.utf8.count + line.utf8.count / 24)
        var lineOctets = 0
        var bytes = line.utf8.makeIterator()
        var next = bytes.next()
        while let lead = next {
            // A scalar's width from its lead byte; its continuation bytes follow it.
            let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if lineOctets + width > 75 {
                folded += [0x0D, 0x0A, 0x20]
                lineOctets = 1
            }
            folded.append(lead)
            next = bytes.next()
            while let continuation = next, continuation & 0xC0 == 0x80 {
                folded.append(continuation)
                next = bytes.next()
            }
            lineOctets += width
        }
        return String(decoding: folded, as: UTF8.self)
    }

    static func dateTime(_ date: Date) -> String {
        // Bytes, not Foundation's `replacingOccurrences` (3 % of a W2 night's CPU when events pass).
        String(
            decoding: ISO8601.formatUTC(date).utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ":") },
            as: UTF8.self)
    }
}
