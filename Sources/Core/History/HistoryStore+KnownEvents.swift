import Foundation
import GRDB
import MeetupModel
import MeetupSupport

/// The report's reading of what the history knows of each event (`event`'s rows).
extension HistoryStore {
    /// The columns of `event` the report reads, by index.
    enum KnownEvent {
        static let id = 0, firstSeen = 1, start = 2, utcOffset = 3, place = 4, venue = 5, title = 6, url = 7
    }

    /// A change of start (by a minute or more) or of place since the event was last seen.
    /// - Parameter place: tonight's place and its text as the record step writes it.
    static func movedChange(
        of event: Event, place: (value: EventPlace, text: String), known row: Row, fetched: FetchedEvents, now: Date
    ) -> HistoryChange? {
        let oldStart = ZonedDate(
            date: Date(timeIntervalSince1970: row[KnownEvent.start]), utcOffsetSeconds: row[KnownEvent.utcOffset])
        let newPlace = place.value
        let stored: String? = row[KnownEvent.place]
        // The place as the record step writes it: unchanged without parsing what was kept (parsing
        // every event's place every night was a fifth of the report on W2, perf).
        let sameText = stored != nil && stored == place.text
        let oldPlace = sameText ? newPlace : EventPlace(jsonText: stored)
        // v1 rows kept only the displayed text: compared as text, once, until rewritten.
        let placeChanged =
            oldPlace.map { $0 != newPlace }
            ?? ((row[KnownEvent.venue] as String?) != newPlace.displayText)
        guard abs(oldStart.date.timeIntervalSince(event.start.date)) >= 60 || placeChanged else { return nil }
        return HistoryChange(
            kind: .moved, eventID: event.id, title: event.title, noticedAt: now, oldStart: oldStart,
            newStart: event.start, oldPlace: oldPlace ?? EventPlace(displayedText: row[KnownEvent.venue] ?? ""),
            newPlace: newPlace, url: event.eventURL, queryIDs: (fetched.queriesByEvent[event.id] ?? []).map(\.id))
    }

    /// Whether the event's row, under its own id, says what the record step would write tonight
    /// (`writeEvents`: title, start, offset, place, url; the v1 venue text empty): then writing it
    /// changes nothing, and the record step does not (`HistoryReport.unchangedRows`).
    static func rowSays(_ row: Row, _ event: Event, placeText: String) -> Bool {
        (row[KnownEvent.id] as String?) == event.id && (row[KnownEvent.title] as String?) == event.title
            && (row[KnownEvent.start] as Double?) == event.start.date.timeIntervalSince1970
            && (row[KnownEvent.utcOffset] as Int?) == event.start.utcOffsetSeconds
            && (row[KnownEvent.venue] as String?) == "" && (row[KnownEvent.place] as String?) == placeText
            && (row[KnownEvent.url] as String?) == event.eventURL?.absoluteString
    }
}
