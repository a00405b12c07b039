import CICalShim
import Foundation
import MeetupModel
import MeetupSupport

/// An iCalendar document as the site's events, through libical (`CICalShim`): every
/// VEVENT expanded in the window (RRULEs, RDATEs, EXDATE, RECURRENCE-ID overrides with
/// THISANDFUTURE, the latest SEQUENCE of each revision, VTIMEZONE and TZID), all-day events
/// kept as calendar dates, read in a worker process with limits of time and memory so a
/// hostile feed costs a warning or its calendar's freshness, never the run.
package enum CalendarParser {
    /// A feed is read whole into memory; larger ones are refused before parsing.
    package static let maximumOccurrences = 5_000
    /// Steps of one RRULE's iterator (a FREQ=SECONDLY rule would otherwise run for hours).
    package static let maximumIterations = 100_000
    /// VCALENDAR > VEVENT > VALARM is three; VTIMEZONE > STANDARD is three.
    package static let maximumDepth = 8

    package struct Parsed: Sendable {
        package var events: [Event]
        /// What was left out, in words naming the calendar's problem (not the calendar).
        package var warnings: [String]
    }

    /// Wall time one VEVENT's expansion may take: libical loops inside one iterator step for as
    /// long as a rule needs (a rule that never matches runs to the year 2582).
    package static let eventSeconds = 2.0
    /// Wall time one document may take, at most (the run's own deadline may leave less).
    package static let documentSeconds = 60.0
    /// Memory the reader may allocate (a 10 MB feed expands to far less).
    package static let memoryBytes = 1 << 30

    /// - Parameters:
    ///   - calendar: the query this feed is (its id prefixes every event id, its title is the events' group).
    ///   - timeZone: the site's, for floating times, all-day events and unknown TZIDs.
    ///   - seconds: how long the reading may take (the run's time left, at most `documentSeconds`).
    package static func parse(
        _ data: Data, calendar: EventQuery, window: DateInterval, timeZone: TimeZone,
        seconds: Double = documentSeconds
    ) throws(FetchError) -> Parsed {
        var result = mr_ical_result()
        let status = timeZone.identifier.withCString { zone in
            var limits = mr_ical_limits(
                window_start: Int64(window.start.timeIntervalSince1970.rounded(.down)),
                window_end: Int64(window.end.timeIntervalSince1970.rounded(.up)), fallback_zone: zone,
                max_occurrences: maximumOccurrences, max_iterations: maximumIterations, max_depth: Int32(maximumDepth),
                event_seconds: min(eventSeconds, max(seconds, 0.01)),
                total_seconds: max(min(seconds, documentSeconds), 0.01),
                memory_bytes: memoryBytes)
            return data.withUnsafeBytes { buffer in
                mr_ical_expand(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, &limits, &result)
            }
        }
        defer { mr_ical_free(&result) }
        guard status == 0 else {
            throw .calendar(
                query: calendar.id,
                reason: withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        let occurrences = UnsafeBufferPointer(start: result.items, count: result.count)
        let events = uniqueIDs(occurrences.map { event(from: $0, calendar: calendar) })
        return Parsed(
            events: events.sorted { ($0.start.date, $0.id) < ($1.start.date, $1.id) }, warnings: warnings(result))
    }

    /// Ids are unique per calendar: two events without a UID that start together and share their
    /// texts are told apart by their order in the feed.
    static func uniqueIDs(_ events: [Event]) -> [Event] {
        var seen: [String: Int] = [:]
        return events.map { event in
            var event = event
            let repeats = seen[event.id, default: 0]
            seen[event.id] = repeats + 1
            if repeats > 0 { event.id += "-\(repeats + 1)" }
            return event
        }
    }

    private static func warnings(_ result: mr_ical_result) -> [String] {
        var warnings: [String] = []
        if result.skipped_events > 0 {
            warnings.append("\(count(Int(result.skipped_events), "event", "events")) without a readable start left out")
        }
        if result.capped_events > 0 {
            warnings.append(
                "\(count(Int(result.capped_events), "recurring event", "recurring events")) stopped after "
                    + "\(maximumIterations) repetitions")
        }
        if result.slow_events > 0 {
            warnings.append(
                "\(count(Int(result.slow_events), "recurring event", "recurring events")) left out: "
                    + "its rule took longer than \(Int(eventSeconds)) s to expand (a rule that never matches?)")
        }
        if result.dropped_occurrences > 0 {
            warnings.append(
                "more than \(maximumOccurrences) occurrences in the window; \(result.dropped_occurrences) more left out"
            )
        }
        if result.unknown_zones > 0 {
            warnings.append(
                "\(result.unknown_zones) times in a time zone the calendar does not define, read in the site's time zone"
            )
        }
        if result.refused_zones > 0 {
            warnings.append(
                "\(count(Int(result.refused_zones), "time zone", "time zones")) ignored: a rule that repeats more "
                    + "often than daily (no real zone does); their times are read by zone name or in the site's time zone"
            )
        }
        return warnings
    }

    private static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }

    private static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }

    /// One occurrence as an event. Its id is the calendar's id and a hash of the UID and
    /// the recurrence, so it is the same every night (history, anchors, `explain`).
    static func event(from item: mr_ical_occurrence, calendar: EventQuery) -> Event {
        let title = text(item.summary).map(TextCleaning.singleLine).flatMap { $0.isEmpty ? nil : $0 }
        let location = text(item.location).map(TextCleaning.singleLine) ?? ""
        // Without a UID, what the event says is its identity (its start alone would merge two events).
        let uid = text(item.uid) ?? "\(item.start)\u{0}\(title ?? "")\u{0}\(location)"
        let id = "\(calendar.id):" + ContentHash.sha256Hex("\(uid)\u{0}\(item.recurrence)").prefix(16)
        let start = ZonedDate(
            date: Date(timeIntervalSince1970: TimeInterval(item.start)), utcOffsetSeconds: Int(item.utc_offset))
        // An all-day event ends at the midnight after its last day, in that day's own offset.
        let endOffset = item.all_day != 0 ? Int(item.end_utc_offset) : Int(item.utc_offset)
        let end =
            item.end > item.start
            ? ZonedDate(date: Date(timeIntervalSince1970: TimeInterval(item.end)), utcOffsetSeconds: endOffset) : nil
        let locationURL = WebURL.parse(.string(location))
        var venue: Venue?
        if !location.isEmpty, locationURL == nil {
            venue = Venue(
                name: location, latitude: item.has_geo != 0 ? item.latitude : nil,
                longitude: item.has_geo != 0 ? item.longitude : nil)
        }
        var event = Event(
            id: id, title: title ?? "Untitled event",
            start: start, end: end, eventURL: text(item.url).flatMap { WebURL.parse(.string($0)) } ?? locationURL,
            description: text(item.description) ?? "", venue: venue, isOnline: locationURL != nil,
            group: EventGroup(name: calendar.title))
        event.isAllDay = item.all_day != 0
        return event
    }
}
