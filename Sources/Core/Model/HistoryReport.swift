import Foundation
import MeetupSupport

/// A change to an event between runs, shown for `changeDays`.
package struct HistoryChange: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case moved, removed
    }

    package var kind: Kind
    package var eventID: String
    package var title: String
    /// When the change was noticed (the run's time).
    package var noticedAt: Date
    /// The event's start before the change, and now (moved only).
    package var oldStart: ZonedDate
    package var newStart: ZonedDate?
    package var oldPlace: EventPlace
    package var newPlace: EventPlace?
    package var url: URL?
    /// Queries that had listed the event.
    package var queryIDs: [String]

    package init(
        kind: Kind, eventID: String, title: String, noticedAt: Date, oldStart: ZonedDate, newStart: ZonedDate?,
        oldPlace: EventPlace, newPlace: EventPlace?, url: URL?, queryIDs: [String]
    ) {
        self.kind = kind
        self.eventID = eventID
        self.title = title
        self.noticedAt = noticedAt
        self.oldStart = oldStart
        self.newStart = newStart
        self.oldPlace = oldPlace
        self.newPlace = newPlace
        self.url = url
        self.queryIDs = queryIDs
    }
}

/// What the history says about this run's events: the pure input the pages need.
package struct HistoryReport: Sendable {
    /// Events first seen in this run, when there was an earlier successful run to compare with.
    package var newEventIDs: Set<String> = []
    /// No published run came before this one: nothing can be new, moved or removed yet.
    package var isFirstRun = false
    /// When each current event was first seen.
    package var firstSeen: [String: Date] = [:]
    /// Changes noticed in this run and in the last `changeDays`, newest first.
    package var changes: [HistoryChange] = [] {
        didSet { byEvent = Dictionary(grouping: changes, by: \.eventID) }
    }
    /// `changes` by event, in their order: each event page and feed entry asks for its own,
    /// and filtering the whole list for each was quadratic (W2 snapshot site after a week of
    /// nights: 7 of a same-moment night's 8.3 s of render, under `perf`).
    private var byEvent: [String: [HistoryChange]] = [:]
    /// Per query, its event count in the last runs, oldest first, this run last.
    package var counts: [String: [Int]] = [:]
    /// Events whose row in the history already says what tonight's record would write: the record
    /// step skips them (W2's next night: 10,000 upserts that changed nothing, 70 ms, perf).
    package var unchangedRows: Set<String> = []

    package init() {}

    package func changes(for queryID: String) -> [HistoryChange] {
        changes.filter { $0.queryIDs.contains(queryID) }
    }

    /// The changes noticed to one event, newest first.
    package func changes(ofEvent eventID: String) -> [HistoryChange] { byEvent[eventID] ?? [] }
}
