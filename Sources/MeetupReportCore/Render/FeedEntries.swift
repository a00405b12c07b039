import Foundation

/// Each event's Atom `<entry>` and iCalendar VEVENT, made once per run. An event
/// appears in the site feed and in the feed of every query that found it; building
/// its entry once instead of per feed halved the feeds' share of a large render.
struct FeedEntries: Sendable {
    var atom: [String: String]
    var calendar: [String: String]

    /// Built on every core; each worker has its own date formatters.
    static func make(_ input: SiteInput, plainDescriptions: [String: String]) -> FeedEntries {
        let events = input.fetched.distinctEvents
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = (events.count + workers - 1) / max(workers, 1)
        let built = LockedBox(FeedEntries(atom: [:], calendar: [:]))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let formatting = EventFormatting(siteTimeZone: input.config.timeZone)
            var atom: [String: String] = [:]
            var calendar: [String: String] = [:]
            for event in events.dropFirst(worker * chunk).prefix(chunk) {
                let excerpt = TextCleaning.truncated(plainDescriptions[event.id] ?? "", maxLength: 500)
                atom[event.id] = AtomFeed.entry(for: event, generatedAt: input.generatedAt, formatting: formatting, excerpt: excerpt,
                                                firstSeen: input.history?.firstSeen[event.id])
                calendar[event.id] = ICalendar.event(event, generatedAt: input.generatedAt, excerpt: excerpt)
            }
            built.withLock {
                $0.atom.merge(atom) { first, _ in first }
                $0.calendar.merge(calendar) { first, _ in first }
            }
        }
        return built.withLock { $0 }
    }
}
