import Foundation
import MeetupConfig
import MeetupFetch
import MeetupModel
import MeetupRender
import MeetupSupport

/// `meetup-report explain <event>`: which queries found an event in their last good fetch,
/// and what the editor's rules decide for each (the same `Curation.decide` a run uses), so
/// an editor can see why an event is on the site or not without reading the config twice.
/// Reads only the cache: no network, no token.
package struct EventExplanation: Sendable {
    package let config: ReportConfig
    package let now: Date

    package init(config: ReportConfig, now: Date) {
        self.config = config
        self.now = now
    }

    /// An event id (`301234567`) or its Meetup URL (`https://www.meetup.com/x/events/301234567/`).
    package static func eventID(from argument: String) -> String {
        let text = argument.trimmingCharacters(in: .whitespaces)
        // A calendar's ids hold a colon ("tu-talks:1a2b…"): only http(s) is a URL here.
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            return text
        }
        let parts = url.path.split(separator: "/")
        if let index = parts.lastIndex(of: "events"), index + 1 < parts.count { return String(parts[index + 1]) }
        return parts.last.map(String.init) ?? text
    }

    /// The lines to print, and whether the event was found at all.
    package func explain(_ argument: String) -> (lines: [String], found: Bool) {
        let id = Self.eventID(from: argument)
        let lastGood = LastGoodEvents(cacheDirectory: config.cacheDirectory)
        var sightings: [(query: EventQuery, event: Event, fetchedAt: Date)] = []
        for query in config.queries {
            guard let last = lastGood.load(for: query.id), let event = last.events.first(where: { $0.isNamed(id) })
            else { continue }
            sightings.append((query, event, last.fetchedAt))
        }
        guard let event = sightings.first?.event else {
            return (
                [
                    "event \(id) is not among the events of any query's last good fetch (\(config.queries.count) queries, "
                        + "cache \(config.cacheDirectory.path)): Meetup did not list it in a query's window, or no run has fetched since it appeared"
                ], false
            )
        }
        let formatting = EventFormatting(siteTimeZone: config.timeZone, language: .english)
        var lines = [
            "event \(id): “\(TextCleaning.singleLine(event.title))”"
                + (event.group.map { " by \(TextCleaning.singleLine($0.name))" } ?? "")
                + ", \(formatting.eventTime(of: event))"
        ]
        if let url = event.eventURL { lines.append("  \(url.absoluteString)") }
        var shownBy: [EventQuery] = []
        for sighting in sightings {
            let fetched = "last fetched \(ISO8601.formatUTC(sighting.fetchedAt))"
            switch config.curation.decide(sighting.event, in: sighting.query) {
            case .shown:
                shownBy.append(sighting.query)
                lines.append("found by \(sighting.query.id) (\(fetched)): shown, no rule removes it")
            case .pinned:
                shownBy.append(sighting.query)
                lines.append(
                    "found by \(sighting.query.id) (\(fetched)): shown, pinned (curation.pinned), so no rule removes it"
                )
            case .removed(let removal):
                lines.append(
                    "found by \(sighting.query.id) (\(fetched)): removed by \(removal.keyPath): \(removal.detail)")
            }
        }
        lines.append(verdict(event, shownBy: shownBy))
        if let note = config.curation.note(for: event) { lines.append("editor's note (curation.notes): \(note)") }
        return (lines, true)
    }

    private func verdict(_ event: Event, shownBy: [EventQuery]) -> String {
        if !event.isUpcoming(at: now) {
            return "not on the site: it started before \(ISO8601.formatUTC(now)); only upcoming events are shown"
        }
        guard !shownBy.isEmpty else { return "not on the site: every query that found it removes it" }
        let pages = shownBy.map { SitePaths.queryPage($0) + ".html" }
        let pinned = config.curation.pinned.contains(event.id) ? ", first on the index (pinned)" : ""
        return "on the site: \(pages.joined(separator: ", ")) and All events\(pinned)"
    }
}
