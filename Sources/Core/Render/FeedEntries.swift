import Foundation
import MeetupModel
import MeetupSupport

/// Each event's Atom `<entry>` and iCalendar VEVENT, made once per run. An event
/// appears in the site feed and in the feed of every query that found it; building
/// its entry once instead of per feed halved the feeds' share of a large render.
/// The VEVENTs are the events' artefacts (`EventArtefacts.Field.calendarEntry`), made when an
/// event changes and kept with it: made for every event the calendars listed each time one
/// changed, they were 0.17 s of W2's night with one event changed (perf), and 20 MB of its
/// cold night's heap peak held through the render (heaptrack) before they went to a spill.
struct FeedEntries: Sendable {
    var atom: [String: String] = [:]
    private var artefacts: [String: EventArtefacts] = [:]
    private var input: SiteInput?

    /// An event's VEVENT: its artefact's, else (an artefact the disk no longer gives) made now.
    func calendar(_ event: Event) -> String {
        let made = artefacts[event.id]
        if let entry = made?.calendarEntry, !entry.isEmpty { return entry }
        guard let input else { return "" }
        return Self.calendarEntry(
            event, input: input, plain: made?.plain ?? "", rich: made?.rich ?? "",
            calendarText: made?.calendarText ?? "")
    }

    /// The same VEVENT's UTF-8 bytes, a kept one as stored: W2's calendar read each of its
    /// 10,000 as a string (checked as UTF-8) to write it out again (perf: 55 of its 82 samples).
    func calendarBytes(_ event: Event) -> [UInt8] {
        if let made = artefacts[event.id], made.length(.calendarEntry) > 0, let bytes = made.bytes(.calendarEntry) {
            return bytes
        }
        return Array(calendar(event).utf8)
    }

    /// An event's VEVENT from its description's texts. The calendar keeps the description's
    /// paragraphs and list items on their own lines (`calendarText`) when it has HTML.
    static func calendarEntry(_ event: Event, input: SiteInput, plain: String, rich: String, calendarText: String)
        -> String
    {
        ICalendar.event(
            event, stamp: input.lastChanged(event),
            excerpt: rich.isEmpty ? TextCleaning.truncated(plain, maxLength: 500) : calendarText,
            language: input.settings.language)
    }

    /// The Atom entries of `atom` (a feed holds only its newest) from their artefacts (their
    /// descriptions are not parsed again here), with the calendar entries those artefacts keep.
    /// Built on every core; each chunk has its own date formatters.
    static func make(
        _ input: SiteInput, events: [Event], atom: Set<String>, artefacts: [String: EventArtefacts]
    ) -> FeedEntries {
        var entries = FeedEntries(artefacts: artefacts, input: input)
        let newest = events.filter { atom.contains($0.id) }
        entries.atom = Parallel.chunks(of: newest, empty: [String: String]()) { events in
            let formatting = EventFormatting(siteTimeZone: input.settings.timeZone, language: input.settings.language)
            var part: [String: String] = [:]
            for event in events {
                let made = artefacts[event.id]
                let rich = made.flatMap { $0.rich.isEmpty ? nil : $0 }
                part[event.id] = AtomFeed.entry(
                    for: event, lastChanged: input.lastChanged(event), formatting: formatting,
                    excerpt: TextCleaning.truncated(made?.plain ?? "", maxLength: 500), contentHTML: rich?.rich,
                    firstSeen: input.history?.firstSeen[event.id])
            }
            return part
        } merge: { all, part in
            all.merge(part) { first, _ in first }
        }
        return entries
    }
}
