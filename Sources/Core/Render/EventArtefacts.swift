import Foundation
import MeetupModel
import MeetupSupport

/// What the renderer makes of one event, whichever pages and feeds show it: its description
/// as plain text (excerpts, events.json, search) and as HTML (behind "More", the Atom
/// content), the calendar's text of it, and its Markdown block in both forms
/// (`EventBlocks`). Each description goes through cmark once per change, not once per
/// night: the set is kept in the cache by `RenderKeys.artefacts(of:)`, and a night reuses
/// every event whose key is unchanged.
package struct EventArtefacts: Sendable, Equatable {
    package var plain: String
    /// The description as HTML; empty when there is nothing to show.
    package var rich: String
    /// The description as the calendar's text (paragraphs and items on their own lines,
    /// `CalendarText`); empty with `rich`.
    package var calendarText: String
    package var blockQuery: String
    package var blockAll: String

    package init(plain: String, rich: String, calendarText: String, blockQuery: String, blockAll: String) {
        self.plain = plain
        self.rich = rich
        self.calendarText = calendarText
        self.blockQuery = blockQuery
        self.blockAll = blockAll
    }
}

/// Artefacts by their key.
package struct EventArtefactSet: Sendable {
    package var byKey: [String: EventArtefacts]

    package init(byKey: [String: EventArtefacts] = [:]) {
        self.byKey = byKey
    }

    /// Every event's artefacts by event id: reused where the key is known, made on every core
    /// where not. Also returns the set to keep for the next night and how many were made.
    static func make(_ input: SiteInput, keys: RenderKeys, templates: SiteTemplates, reusing cached: EventArtefactSet)
        -> (byEvent: [String: EventArtefacts], kept: EventArtefactSet, made: Int)
    {
        var byEvent: [String: EventArtefacts] = [:]
        var missing: [Event] = []
        for event in keys.distinct {
            guard let found = cached.byKey[keys.artefacts(of: event)] else {
                missing.append(event)
                continue
            }
            byEvent[event.id] = found
        }
        if !missing.isEmpty {
            let texts = Parallel.chunks(of: missing, empty: [String: (String, String, String)]()) { part in
                var made: [String: (String, String, String)] = [:]
                for event in part {
                    let texts = DescriptionRendering.texts(of: event.description)
                    made[event.id] = (texts.plain, texts.html, texts.html.isEmpty ? "" : texts.calendar)
                }
                return made
            } merge: { all, part in
                all.merge(part) { first, _ in first }
            }
            var plain = byEvent.mapValues(\.plain)
            for (id, text) in texts { plain[id] = text.0 }
            let foundBy = keys.foundBy
            let blocks = Parallel.chunks(of: missing, empty: [String: (String, String)]()) { [plain] part in
                let contexts = PageContexts(input: input, plainDescriptions: plain)
                var made: [String: (String, String)] = [:]
                for event in part {
                    made[event.id] = (
                        templates.render("event.md", contexts.eventContext(event, root: "../")),
                        templates.render(
                            "event.md", contexts.eventContext(event, root: "../", foundBy: foundBy[event.id]))
                    )
                }
                return made
            } merge: { all, part in
                all.merge(part) { first, _ in first }
            }
            for event in missing {
                guard let text = texts[event.id], let block = blocks[event.id] else { continue }
                byEvent[event.id] = EventArtefacts(
                    plain: text.0, rich: text.1, calendarText: text.2,
                    blockQuery: block.0, blockAll: block.1)
            }
        }
        var kept = EventArtefactSet()
        for event in keys.distinct {
            if let artefacts = byEvent[event.id] { kept.byKey[keys.artefacts(of: event)] = artefacts }
        }
        return (byEvent, kept, missing.count)
    }
}
