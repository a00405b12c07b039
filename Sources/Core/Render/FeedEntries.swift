import Foundation
import MeetupModel
import MeetupSupport

/// Each event's Atom `<entry>` and iCalendar VEVENT, made once per run. An event
/// appears in the site feed and in the feed of every query that found it; building
/// its entry once instead of per feed halved the feeds' share of a large render.
struct FeedEntries: Sendable {
    var atom: [String: String]
    var calendar: [String: String]

    /// The calendar entries of `events` and the Atom entries of those in `atom` (a feed holds
    /// only its newest), from their artefacts (their descriptions are not parsed again here).
    /// Built on every core; each chunk has its own date formatters.
    static func make(
        _ input: SiteInput, events: [Event], atom: Set<String>, artefacts: [String: EventArtefacts]
    ) -> FeedEntries {
        Parallel.chunks(of: events, empty: FeedEntries(atom: [:], calendar: [:])) { events in
            let formatting = EventFormatting(siteTimeZone: input.settings.timeZone)
            var part = FeedEntries(atom: [:], calendar: [:])
            for event in events {
                let made = artefacts[event.id]
                let excerpt = TextCleaning.truncated(made?.plain ?? "", maxLength: 500)
                let rich = made.flatMap { $0.rich.isEmpty ? nil : $0 }
                if atom.contains(event.id) {
                    part.atom[event.id] = AtomFeed.entry(
                        for: event, lastChanged: input.lastChanged(event), formatting: formatting,
                        excerpt: excerpt, contentHTML: rich?.rich, firstSeen: input.history?.firstSeen[event.id])
                }
                // The calendar keeps the description's paragraphs and list items on their own lines.
                part.calendar[event.id] = ICalendar.event(
                    event, stamp: input.lastChanged(event), excerpt: rich?.calendarText ?? excerpt)
            }
            return part
        } merge: { all, part in
            all.atom.merge(part.atom) { first, _ in first }
            all.calendar.merge(part.calendar) { first, _ in first }
        }
    }
}
