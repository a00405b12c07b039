import Foundation

/// An event announced both on Meetup and in another calendar appears once: the calendar's
/// copy becomes the Meetup event (its id and Meetup's fuller data), so every page lists it
/// once and the All events page names both sources. Two events are the same when they link
/// to the same page, or start at the same moment under a near-identical title.
package enum CalendarMerge {
    package static func merge(_ fetched: FetchedEvents) -> FetchedEvents {
        let meetup = fetched.outcomes.filter { $0.query.calendarFeed == nil }.flatMap(\.outcome.events)
        guard !meetup.isEmpty, fetched.outcomes.contains(where: { $0.query.calendarFeed != nil }) else {
            return fetched
        }
        // Each event once (a query's events are often another's too: W2's three times over),
        // its URL normalised once, a calendar event's title once per comparison run.
        var byURL: [String: Event] = [:]
        var byStart: [Date: [Event]] = [:]
        var seen = Set<String>()
        for event in meetup where seen.insert(event.id).inserted {
            if let url = event.eventURL {
                let key = normalized(url)
                if byURL[key] == nil { byURL[key] = event }
            }
            byStart[event.start.date, default: []].append(event)
        }
        func twin(of event: Event) -> Event? {
            if let url = event.eventURL, let match = byURL[normalized(url)] { return match }
            guard let candidates = byStart[event.start.date] else { return nil }
            let title = titleText(event.title)
            return candidates.first { sameTitleText(titleText($0.title), title) }
        }
        let outcomes = fetched.outcomes.map { entry -> (query: EventQuery, outcome: QueryOutcome) in
            guard entry.query.calendarFeed != nil else { return entry }
            let swap: ([Event]) -> [Event] = { events in swapped(events, twin: twin) }
            return switch entry.outcome {
            case .succeeded(let events): (entry.query, .succeeded(events: swap(events)))
            case .stale(let events, let since, let error):
                (entry.query, .stale(events: swap(events), since: since, error: error))
            case .failed: entry
            }
        }
        return FetchedEvents(outcomes: outcomes, groups: fetched.groups)
    }

    /// How far a calendar's copy may start from Meetup's and still be that event (a feed that
    /// got the zone wrong); a series' other weeks are further away.
    static let nearEnough: TimeInterval = 36 * 3_600

    /// One calendar's events with its copies of Meetup events swapped for them. Several of its
    /// occurrences may match one Meetup event (an entry and a weekly series that both link it):
    /// the Meetup event appears once, in place of the copies that start with it (or of the
    /// nearest one), and the occurrences that are not that event stay the calendar's own.
    static func swapped(_ events: [Event], twin: (Event) -> Event?) -> [Event] {
        var matches: [String: [Int]] = [:]
        var meetupEvents: [String: Event] = [:]
        for (index, event) in events.enumerated() {
            guard let match = twin(event) else { continue }
            matches[match.id, default: []].append(index)
            meetupEvents[match.id] = match
        }
        var replaced: [Int: Event] = [:]
        var dropped = Set<Int>()
        for (id, indices) in matches {
            guard let meetup = meetupEvents[id] else { continue }
            let distance = { (index: Int) in abs(events[index].start.date.timeIntervalSince(meetup.start.date)) }
            var copies = indices.filter { distance($0) == 0 }
            if copies.isEmpty, let nearest = indices.min(by: { distance($0) < distance($1) }),
                distance(nearest) <= nearEnough
            {
                copies = [nearest]
            }
            guard let first = copies.first else { continue }
            replaced[first] = meetup
            dropped.formUnion(copies.dropFirst())
        }
        return events.indices.compactMap { index in dropped.contains(index) ? nil : replaced[index] ?? events[index] }
    }

    /// Scheme, `www.`, case of the host, query, fragment and a trailing slash do not matter.
    static func normalized(_ url: URL) -> String {
        var host = url.host?.lowercased() ?? ""
        if host.hasPrefix("www.") { host.removeFirst(4) }
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        return host + path
    }

    /// The same words (ignoring case, accents and punctuation), or at most one edit in ten
    /// characters between them ("Swift Concurrency in practice" / "Swift concurrency in practice!").
    static func sameTitle(_ left: String, _ right: String) -> Bool {
        sameTitleText(titleText(left), titleText(right))
    }

    /// A title as `sameTitle` compares it: its words, lowercased, without accents or punctuation.
    static func titleText(_ title: String) -> String { WordMatcher.words(title).joined(separator: " ") }

    static func sameTitleText(_ a: String, _ b: String) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        if a == b { return true }
        let longest = max(a.count, b.count)
        guard longest <= 300, abs(a.count - b.count) * 10 <= longest else { return false }
        return editDistance(Array(a), Array(b)) * 10 <= longest
    }

    /// Levenshtein distance, two rows (titles are short).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
