import Foundation

/// Each event's Atom `<entry>` and iCalendar VEVENT, made once per run. An event
/// appears in the site feed and in the feed of every query that found it; building
/// its entry once instead of per feed halved the feeds' share of a large render.
struct FeedEntries: Sendable {
    var atom: [String: String]
    var calendar: [String: String]

    /// Built on every core; each chunk has its own date formatters.
    static func make(_ input: SiteInput, plainDescriptions: [String: String]) -> FeedEntries {
        Parallel.chunks(of: input.fetched.distinctEvents, empty: FeedEntries(atom: [:], calendar: [:])) { events in
            let formatting = EventFormatting(siteTimeZone: input.config.timeZone)
            var part = FeedEntries(atom: [:], calendar: [:])
            for event in events {
                let excerpt = TextCleaning.truncated(plainDescriptions[event.id] ?? "", maxLength: 500)
                part.atom[event.id] = AtomFeed.entry(for: event, generatedAt: input.generatedAt, formatting: formatting,
                                                     excerpt: excerpt, firstSeen: input.history?.firstSeen[event.id])
                part.calendar[event.id] = ICalendar.event(event, generatedAt: input.generatedAt, excerpt: excerpt)
            }
            return part
        } merge: { all, part in
            all.atom.merge(part.atom) { first, _ in first }
            all.calendar.merge(part.calendar) { first, _ in first }
        }
    }
}
