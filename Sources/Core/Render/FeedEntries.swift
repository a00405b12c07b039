import Foundation
import MeetupSupport

/// Each event's Atom `<entry>` and iCalendar VEVENT, made once per run. An event
/// appears in the site feed and in the feed of every query that found it; building
/// its entry once instead of per feed halved the feeds' share of a large render.
struct FeedEntries: Sendable {
    var atom: [String: String]
    var calendar: [String: String]

    /// Built on every core; each chunk has its own date formatters.
    static func make(_ input: SiteInput, plainDescriptions: [String: String], richDescriptions: [String: String] = [:]) -> FeedEntries {
        Parallel.chunks(of: input.fetched.distinctEvents, empty: FeedEntries(atom: [:], calendar: [:])) { events in
            let formatting = EventFormatting(siteTimeZone: input.config.timeZone)
            var part = FeedEntries(atom: [:], calendar: [:])
            for event in events {
                let excerpt = TextCleaning.truncated(plainDescriptions[event.id] ?? "", maxLength: 500)
                let rich = richDescriptions[DescriptionRendering.marker(for: event)]
                part.atom[event.id] = AtomFeed.entry(for: event, generatedAt: input.generatedAt, formatting: formatting,
                                                     excerpt: excerpt, contentHTML: rich, firstSeen: input.history?.firstSeen[event.id])
                // The calendar keeps the description's paragraphs and list items on their own lines.
                let text = rich.map { String(DescriptionRendering.text(fromHTML: $0).prefix(2000)) } ?? excerpt
                part.calendar[event.id] = ICalendar.event(event, generatedAt: input.generatedAt, excerpt: text)
            }
            return part
        } merge: { all, part in
            all.atom.merge(part.atom) { first, _ in first }
            all.calendar.merge(part.calendar) { first, _ in first }
        }
    }
}
