import Foundation
import MeetupModel
import MeetupSupport

/// A change to an event between runs, shown for `changeDays`.
public struct HistoryChange: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case moved, removed
    }

    public var kind: Kind
    public var eventID: String
    public var title: String
    /// When the change was noticed (the run's time).
    public var noticedAt: Date
    /// The event's start before the change, and now (moved only).
    public var oldStart: ZonedDate
    public var newStart: ZonedDate?
    public var oldPlace: EventPlace
    public var newPlace: EventPlace?
    public var url: URL?
    /// Queries that had listed the event.
    public var queryIDs: [String]
}

/// What the history says about this run's events: the pure input the pages need.
public struct HistoryReport: Sendable {
    /// Events first seen in this run, when there was an earlier successful run to compare with.
    public var newEventIDs: Set<String> = []
    /// No published run came before this one: nothing can be new, moved or removed yet.
    public var isFirstRun = false
    /// When each current event was first seen.
    public var firstSeen: [String: Date] = [:]
    /// Changes noticed in this run and in the last `changeDays`, newest first.
    public var changes: [HistoryChange] = []
    /// Per query, its event count in the last runs, oldest first, this run last.
    public var counts: [String: [Int]] = [:]

    public init() {}

    package func changes(for queryID: String) -> [HistoryChange] {
        changes.filter { $0.queryIDs.contains(queryID) }
    }
}
