import Foundation
import MeetupModel
import MeetupSupport

/// Each event's Atom `<entry>` and iCalendar VEVENT, made once per run. An event
/// appears in the site feed and in the feed of every query that found it; building
/// its entry once instead of per feed halved the feeds' share of a large render.
/// The VEVENTs go to `spill` as they are made, in runs of `batch` events, and are read back
/// when a calendar asks: W2's 10,000 held through the render were 20 MB of the cold night's
/// heap peak (heaptrack). Without a spill (or when it cannot be written) they stay in memory.
struct FeedEntries: Sendable {
    var atom: [String: String] = [:]
    private var calendarTexts: [String: String] = [:]
    private var calendarPlaces: [String: TextSpill.Place] = [:]
    private var spill: TextSpill?

    /// An event's VEVENT; nil when it was not made.
    func calendar(_ id: String) -> String? {
        calendarTexts[id] ?? calendarPlaces[id].flatMap { spill?.text(at: $0) }
    }

    /// The calendar entries of `events` and the Atom entries of those in `atom` (a feed holds
    /// only its newest), from their artefacts (their descriptions are not parsed again here).
    /// Built on every core; each chunk has its own date formatters.
    static func make(
        _ input: SiteInput, events: [Event], atom: Set<String>, artefacts: [String: EventArtefacts],
        spill: TextSpill? = nil, batch: Int = 1_000
    ) -> FeedEntries {
        var entries = FeedEntries(spill: spill)
        for start in stride(from: 0, to: events.count, by: batch) {
            let run = Array(events[start..<min(start + batch, events.count)])
            let part = Parallel.chunks(of: run, empty: (atom: [String: String](), calendar: [String: String]())) {
                events in
                let formatting = EventFormatting(siteTimeZone: input.settings.timeZone)
                var part = (atom: [String: String](), calendar: [String: String]())
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
            entries.atom.merge(part.atom) { first, _ in first }
            entries.keep(part.calendar)
        }
        return entries
    }

    private mutating func keep(_ calendar: [String: String]) {
        let ids = Array(calendar.keys)
        if let spill, let places = spill.append(ids.map { calendar[$0] ?? "" }) {
            for (id, place) in zip(ids, places) { calendarPlaces[id] = place }
        } else {
            calendarTexts.merge(calendar) { first, _ in first }
        }
    }
}
