import Foundation
import GRDB
import MeetupModel

extension HistoryStore {
    /// Keeps tonight's events in the record (as `archive` does) and returns the record as it
    /// then is, in one transaction. An event the record already holds as tonight has it is not
    /// written again, and only what was written is read back: upserting every one of W2's
    /// 10,000 events every night and reading the whole record again after was most of a quiet
    /// night's history step (perf). Their groups are written as before (their `lastSeen`).
    /// Events that vanished before they began are marked after, by `cancel`.
    package func keep(_ events: [ArchivedEvent], now: Date) throws(HistoryError)
        -> (events: [ArchivedEvent], groups: [ArchivedGroup])
    {
        do {
            return try database.write { db in
                var kept = try Self.archivedEvents(db)
                var position: [String: Int] = [:]
                position.reserveCapacity(kept.count)
                for (index, event) in kept.enumerated() { position[event.id] = index }
                let changed = events.filter { event in
                    guard let index = position[event.id] else { return true }
                    return !Self.holds(kept[index], event)
                }
                try Self.writeArchiveEvents(db, changed, now: now)
                try Self.writeArchiveGroups(db, of: events, now: now)
                let written = Set(changed.map(\.id))
                guard !written.isEmpty else { return (kept, try Self.archivedGroups(db)) }
                let read = try db.cachedStatement(
                    sql: "SELECT \(Self.archivedEventColumns) FROM archiveEvent WHERE id = ?")
                for id in written {
                    guard let row = try Row.fetchOne(read, arguments: [id]) else { continue }
                    if let index = position[id] {
                        kept[index] = Self.archivedEvent(row)
                    } else {
                        position[id] = kept.count
                        kept.append(Self.archivedEvent(row))
                    }
                }
                // SQLite's order (`ORDER BY start, id`): the start, then the id's bytes.
                kept.sort { left, right in
                    let (leftStart, rightStart) = (left.start.date, right.start.date)
                    guard leftStart == rightStart else { return leftStart < rightStart }
                    return left.id.utf8.lexicographicallyPrecedes(right.id.utf8)
                }
                return (kept, try Self.archivedGroups(db))
            }
        } catch {
            throw HistoryError(description: "cannot keep events in the archive \(path.path) (\(error))")
        }
    }

    /// Marks events of `record` (as `keep` returned it) cancelled, as `archive` with them as its
    /// `cancelledIDs` does: the night keeps its events while the report that names these is read
    /// (`HistoryReportStep`), then marks them. Returns the record with them marked.
    package func cancel(_ ids: Set<String>, in record: [ArchivedEvent]) throws(HistoryError) -> [ArchivedEvent] {
        guard !ids.isEmpty else { return record }
        do {
            try database.write { db in try Self.markCancelled(db, ids) }
        } catch {
            throw HistoryError(description: "cannot mark cancelled events in the archive \(path.path) (\(error))")
        }
        return record.map { event in
            guard ids.contains(event.id) else { return event }
            var cancelled = event
            cancelled.isCancelled = true
            return cancelled
        }
    }

    /// Whether `kept` is already what upserting `tonight` would leave: tonight's facts, a going
    /// count or photo tonight lacks kept, its queries among those kept.
    static func holds(_ kept: ArchivedEvent, _ tonight: ArchivedEvent) -> Bool {
        guard Set(tonight.queryIDs).isSubset(of: kept.queryIDs) else { return false }
        var merged = tonight
        merged.going = tonight.going ?? kept.going
        merged.photoURL = tonight.photoURL ?? kept.photoURL
        merged.queryIDs = kept.queryIDs
        return merged == kept
    }
}
