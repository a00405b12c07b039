import Foundation
import MeetupSupport

/// The editor's hand on the site: rules that remove events (site-wide, then the query's
/// own), events pinned first on the index, and notes under events. Pure: the pipeline
/// applies it after the history has seen every event, so a rule never makes an event
/// "cancelled", and `meetup-report explain` asks it the same questions.
package struct Curation: Sendable {
    package var site: CurationRules
    /// Per query id.
    package var perQuery: [String: CurationRules]
    /// Event ids shown first on the index, in this order; a pinned event is exempt from the rules.
    package var pinned: [String]
    /// A short Markdown line by the editor, shown under the event, by event id.
    package var notes: [String: String]

    package init(
        site: CurationRules = CurationRules(), perQuery: [String: CurationRules] = [:],
        pinned: [String] = [], notes: [String: String] = [:]
    ) {
        self.site = site
        self.perQuery = perQuery
        self.pinned = pinned
        self.notes = notes
    }

    package var hasRules: Bool { !site.isEmpty || perQuery.values.contains { !$0.isEmpty } }

    /// What the rules say of one event found by one query.
    package enum Decision: Sendable, Hashable {
        case shown
        case pinned
        case removed(Removal)
    }

    package func decide(_ event: Event, in query: EventQuery) -> Decision {
        decide(event, in: query) { WordMatcher.Text(event) }
    }

    /// The same, with each event's words made once across calls (and threads): the fetch
    /// step asks per query as queries arrive, the curate step again for every query.
    package func decide(_ event: Event, in query: EventQuery, texts: EventTexts) -> Decision {
        decide(event, in: query) { texts.text(of: event) }
    }

    /// `text` is asked for at most once, and only when a word rule applies (it folds the
    /// whole description); `apply` shares one per event across queries.
    func decide(_ event: Event, in query: EventQuery, text: () -> WordMatcher.Text) -> Decision {
        if pinned.contains(where: event.isNamed) { return .pinned }
        var made: WordMatcher.Text?
        func words() -> WordMatcher.Text {
            if let made { return made }
            let fresh = text()
            made = fresh
            return fresh
        }
        for rules in [site, perQuery[query.id]].compactMap({ $0 }) where !rules.isEmpty {
            if let removal = Self.removal(of: event, in: query, by: rules, words: words) { return .removed(removal) }
        }
        return .shown
    }

    /// The first rule of `rules` that removes the event, checked from the cheapest.
    static func removal(
        of event: Event, in query: EventQuery, by rules: CurationRules,
        words: () -> WordMatcher.Text
    ) -> Removal? {
        let path = rules.keyPath
        // A config names an event by its Meetup id (or its token); the id a recurring event had
        // before (`formerIDs`) still names it.
        if let named = event.identifiers.first(where: rules.excludeEvents.contains) {
            return Removal(
                rule: .excludeEvents, keyPath: "\(path).excludeEvents", detail: "the event \(named) is excluded")
        }
        if let urlname = event.group?.urlname?.lowercased(), rules.excludeGroups.contains(urlname) {
            return Removal(
                rule: .excludeGroups, keyPath: "\(path).excludeGroups", detail: "the group \(urlname) is excluded")
        }
        switch rules.only {
        case .online? where !event.isOnline:
            return Removal(
                rule: .only, keyPath: "\(path).only", detail: "an in-person event (only online events are shown)")
        case .inPerson? where event.isOnline:
            return Removal(
                rule: .only, keyPath: "\(path).only", detail: "an online event (only in-person events are shown)")
        default: break
        }
        if let minimum = rules.minRSVPs, let going = event.rsvpCount, going < minimum {
            return Removal(rule: .minRSVPs, keyPath: "\(path).minRSVPs", detail: "\(going) going (at least \(minimum))")
        }
        if let limit = rules.maxDistanceMiles, let miles = distanceMiles(of: event, in: query), miles > limit {
            return Removal(
                rule: .maxDistanceMiles, keyPath: "\(path).maxDistanceMiles",
                detail:
                    "\(NumberText.plain((miles * 10).rounded() / 10)) miles from the search's point (at most \(NumberText.plain(limit)))"
            )
        }
        if !rules.excludePhrases.isEmpty, let phrase = words().firstMatch(of: rules.excludePhrases) {
            return Removal(
                rule: .excludeWords, keyPath: "\(path).excludeWords",
                detail: "its title or description says “\(phrase)”")
        }
        return nil
    }

    /// The great-circle distance of an in-person event's venue from a keyword search's
    /// point; nil for online events, other query kinds and venues without coordinates.
    package static func distanceMiles(of event: Event, in query: EventQuery) -> Double? {
        guard !event.isOnline, let area = query.searchArea, let venue = event.venue,
            let latitude = venue.latitude, let longitude = venue.longitude
        else { return nil }
        return GreatCircle.miles(from: (area.latitude, area.longitude), to: (latitude, longitude))
    }
}

/// Haversine distance on a sphere of the Earth's mean radius: within 0.5 % of the
/// ellipsoid, far finer than a venue's coordinates.
package enum GreatCircle {
    package static let earthRadiusMiles = 3958.8

    package static func miles(
        from a: (latitude: Double, longitude: Double), to b: (latitude: Double, longitude: Double)
    )
        -> Double
    {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians
        let dLon = (b.longitude - a.longitude) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusMiles * asin(min(1, h.squareRoot()))
    }
}

/// Tonight's events as the editor wants them shown, and what the rules removed.
package struct CuratedEvents: Sendable {
    /// The same outcomes with removed events left out (groups and failures as they were).
    package var shown: FetchedEvents
    /// Per rule, the distinct events it removed from at least one query.
    package var removedByRule: [Removal.Rule: Int]
    /// Distinct events found tonight that no page shows.
    package var removedEvents: Int
}

extension Curation {
    /// Applies the rules to every query's events; each event's words are made once.
    package func apply(_ fetched: FetchedEvents, texts: EventTexts = EventTexts()) -> CuratedEvents {
        guard hasRules else { return CuratedEvents(shown: fetched, removedByRule: [:], removedEvents: 0) }
        var removedBy: [Removal.Rule: Set<String>] = [:]
        let outcomes = fetched.outcomes.map { entry -> (query: EventQuery, outcome: QueryOutcome) in
            let keep: (Event) -> Bool = { event in
                let decision = decide(event, in: entry.query, texts: texts)
                guard case .removed(let removal) = decision else { return true }
                removedBy[removal.rule, default: []].insert(event.id)
                return false
            }
            return switch entry.outcome {
            case .succeeded(let events): (entry.query, .succeeded(events: events.filter(keep)))
            case .stale(let events, let since, let error):
                (entry.query, .stale(events: events.filter(keep), since: since, error: error))
            case .failed: entry
            }
        }
        let shown = FetchedEvents(outcomes: outcomes, groups: fetched.groups)
        return CuratedEvents(
            shown: shown, removedByRule: removedBy.mapValues(\.count),
            removedEvents: fetched.distinctEvents.count - shown.distinctEvents.count)
    }
}

/// Each event's words for the word rules, made once per run and shared by the steps.
package final class EventTexts: Sendable {
    private let made = LockedBox([String: WordMatcher.Text]())

    package init() {}

    func text(of event: Event) -> WordMatcher.Text {
        if let text = made.withLock({ $0[event.id] }) { return text }
        let text = WordMatcher.Text(event)
        made.withLock { $0[event.id] = text }
        return text
    }

    /// Lets the texts go once the rules are applied: W2's lowercased texts (18 MB, heaptrack)
    /// were still held at the render's memory peak, which never reads them.
    package func forget() {
        made.withLock { $0 = [:] }
    }
}

extension Curation {
    /// The editor's note for the event, under any of its names.
    package func note(for event: Event) -> String? {
        event.note(in: notes)
    }
}

extension Event {
    /// The note for this event among notes by event id, under any of its names.
    package func note(in notes: [String: String]) -> String? {
        identifiers.lazy.compactMap { notes[$0] }.first
    }
}
