import Foundation
import MeetupModel
import MeetupSupport

/// What the renderer makes of one event, whichever pages and feeds show it: its description
/// as plain text (excerpts, events.json, search) and as HTML (behind "More", the Atom
/// content), the calendar's text of it, its Markdown block in both forms (`EventBlocks`),
/// its VEVENT and its item of `events.json`. Each description goes through cmark once per
/// change, not once per night: the set is kept in the cache by `RenderKeys.artefacts(of:)`,
/// and a night reuses every event whose key is unchanged. The key holds everything the
/// VEVENT and the item show (`RenderKeys.events`), so a night on which one event changed
/// makes one of each and copies the rest into the calendars and `events.json`.
///
/// Those kept from last night stay in the cache's file until a page asks for them
/// (`EventArtefactStore`): W2's 10,000 sets read whole were 68 MB of every night's memory peak
/// (heaptrack), although a night on which little changed reads a few blocks and the plain texts.
package struct EventArtefacts: Sendable, Equatable {
    package enum Field: Int, CaseIterable, Sendable {
        case plain, rich, calendarText, blockQuery, blockAll
        /// The event's VEVENT (`ICalendar.event`).
        case calendarEntry
        /// Its item of `events.json`, as written there (`EventsJSON.item(_:input:description:)`).
        case eventsItem
    }

    /// Where each field's bytes are in a `TextSource`, in `Field` order.
    package typealias Places = [(offset: Int, length: Int)]

    private enum Texts: Sendable {
        case made([String])
        case stored(any TextSource, Places)
    }

    private let texts: Texts

    package init(
        plain: String, rich: String, calendarText: String, blockQuery: String, blockAll: String,
        calendarEntry: String, eventsItem: String
    ) {
        texts = .made([plain, rich, calendarText, blockQuery, blockAll, calendarEntry, eventsItem])
    }

    /// Texts read from `source` when asked; nil unless there is a place for each field, in the source.
    package init?(source: any TextSource, places: Places) {
        guard places.count == Field.allCases.count, places.allSatisfy(source.holds) else { return nil }
        texts = .stored(source, places)
    }

    /// A field's text; a stored one is read now (and "" if the disk no longer gives it).
    package subscript(field: Field) -> String {
        switch texts {
        case .made(let made): made[field.rawValue]
        case .stored(let source, let places):
            source.string(at: places[field.rawValue].offset, length: places[field.rawValue].length) ?? ""
        }
    }

    /// A field's UTF-8 bytes, as stored (to copy them into the next file); nil if the disk fails.
    package func bytes(_ field: Field) -> [UInt8]? {
        switch texts {
        case .made(let made): Array(made[field.rawValue].utf8)
        case .stored(let source, let places):
            source.bytes(at: places[field.rawValue].offset, length: places[field.rawValue].length)
        }
    }

    /// Where its texts are when read from a source that holds them one after another (as
    /// `EventArtefactStore` writes them): to copy them on in one read.
    package var storedRun: (source: any TextSource, offset: Int, length: Int)? {
        guard case .stored(let source, let places) = texts, let first = places.first else { return nil }
        var end = first.offset
        for place in places {
            guard place.offset == end else { return nil }
            end += place.length
        }
        return (source, first.offset, end - first.offset)
    }

    /// A field's length in UTF-8 bytes, without reading a stored one.
    package func length(_ field: Field) -> Int {
        switch texts {
        case .made(let made): made[field.rawValue].utf8.count
        case .stored(_, let places): places[field.rawValue].length
        }
    }

    package var plain: String { self[.plain] }
    /// The description as HTML; empty when there is nothing to show.
    package var rich: String { self[.rich] }
    /// The description as the calendar's text (paragraphs and items on their own lines,
    /// `CalendarText`); empty with `rich`.
    package var calendarText: String { self[.calendarText] }
    package var blockQuery: String { self[.blockQuery] }
    package var blockAll: String { self[.blockAll] }
    package var calendarEntry: String { self[.calendarEntry] }

    package static func == (left: EventArtefacts, right: EventArtefacts) -> Bool {
        Field.allCases.allSatisfy { left[$0] == right[$0] }
    }
}

/// One artefact of each event by event id, read when a page asks for it; an empty text is
/// none. Pages look up a few blocks; copying every event's into a dictionary read them all.
package struct TextsByEvent: Sendable, ExpressibleByDictionaryLiteral {
    private let artefacts: [String: EventArtefacts]
    private let field: EventArtefacts.Field
    private let given: [String: String]

    init(_ artefacts: [String: EventArtefacts], field: EventArtefacts.Field) {
        self.artefacts = artefacts
        self.field = field
        given = [:]
    }

    /// Texts given as they are (tests, small pages).
    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(given: Dictionary(elements) { first, _ in first })
    }

    /// Texts held in memory (while the artefacts are made), before those of `artefacts`.
    init(given: [String: String], over artefacts: [String: EventArtefacts] = [:]) {
        self.artefacts = artefacts
        field = .plain
        self.given = given
    }

    package subscript(id: String) -> String? {
        let text = given[id] ?? artefacts[id]?[field]
        return text?.isEmpty == false ? text : nil
    }

    /// The text's UTF-8 bytes as stored, to copy into a file; nil when there is none.
    func bytes(_ id: String) -> [UInt8]? {
        let bytes = given[id].map { Array($0.utf8) } ?? artefacts[id]?.bytes(field)
        return bytes?.isEmpty == false ? bytes : nil
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
    /// Made in runs of `batch` events, each run handed to `spill` as soon as it is made: what it
    /// gives back (the same texts, kept in a file) is used instead, so a cold night does not
    /// hold every event's texts at once (W2's 10,000 were 42 MB of the cold night's heap peak,
    /// heaptrack). Without a spill (nil), the made texts stay in memory.
    static func make(
        _ input: SiteInput, keys: RenderKeys, templates: SiteTemplates, reusing cached: EventArtefactSet,
        batch: Int = 500, spill: ([String: EventArtefacts]) -> [String: EventArtefacts]? = { _ in nil }
    ) -> (byEvent: [String: EventArtefacts], kept: EventArtefactSet, made: Int) {
        var byEvent: [String: EventArtefacts] = [:]
        var missing: [Event] = []
        for event in keys.distinct {
            guard let found = cached.byKey[keys.artefacts(of: event)] else {
                missing.append(event)
                continue
            }
            byEvent[event.id] = found
        }
        // The plain texts made tonight; the others are read from the kept set when a block asks.
        // Copying every kept event's into a dictionary read all of W2's 10,000 from the cache's
        // file on a night that made one (perf: 142 samples, a sixth of the render's main thread).
        var plain: [String: String] = [:]
        for start in stride(from: 0, to: missing.count, by: max(1, batch)) {
            let part = Array(missing[start..<min(start + max(1, batch), missing.count)])
            let made = make(part, input: input, keys: keys, templates: templates, plain: &plain, kept: byEvent)
            byEvent.merge(spill(made) ?? made) { _, new in new }
        }
        var kept = EventArtefactSet()
        for event in keys.distinct {
            if let artefacts = byEvent[event.id] { kept.byKey[keys.artefacts(of: event)] = artefacts }
        }
        return (byEvent, kept, missing.count)
    }

    /// The artefacts of `events`: texts on every core, then blocks (which read the texts).
    private static func make(
        _ events: [Event], input: SiteInput, keys: RenderKeys, templates: SiteTemplates, plain: inout [String: String],
        kept: [String: EventArtefacts]
    ) -> [String: EventArtefacts] {
        let texts = Parallel.chunks(of: events, empty: [String: (String, String, String)]()) { part in
            var made: [String: (String, String, String)] = [:]
            for event in part {
                let texts = DescriptionRendering.texts(of: event.description)
                made[event.id] = (texts.plain, texts.html, texts.html.isEmpty ? "" : texts.calendar)
            }
            return made
        } merge: { all, part in
            all.merge(part) { first, _ in first }
        }
        for (id, text) in texts { plain[id] = text.0 }
        let foundBy = keys.foundBy
        let blocks = Parallel.chunks(of: events, empty: [String: [String]]()) { [plain] part in
            let contexts = PageContexts(input: input, plainDescriptions: TextsByEvent(given: plain, over: kept))
            var made: [String: [String]] = [:]
            for event in part {
                guard let text = texts[event.id] else { continue }
                made[event.id] = [
                    templates.render("event.md", contexts.eventContext(event, root: "../")),
                    templates.render("event.md", contexts.eventContext(event, root: "../", foundBy: foundBy[event.id])),
                    FeedEntries.calendarEntry(event, input: input, plain: text.0, rich: text.1, calendarText: text.2),
                    EventsJSON.item(event, input: input, queries: foundBy[event.id] ?? [], description: text.0),
                ]
            }
            return made
        } merge: { all, part in
            all.merge(part) { first, _ in first }
        }
        var made: [String: EventArtefacts] = [:]
        for event in events {
            guard let text = texts[event.id], let block = blocks[event.id], block.count == 4 else { continue }
            made[event.id] = EventArtefacts(
                plain: text.0, rich: text.1, calendarText: text.2, blockQuery: block[0], blockAll: block[1],
                calendarEntry: block[2], eventsItem: block[3])
        }
        return made
    }
}
