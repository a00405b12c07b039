import Foundation
import GRDB
import MeetupRender

/// Each event's rendered texts (`EventArtefacts`: its description as plain text and HTML, its
/// blocks, its VEVENT and its item of events.json) by their key, so an unchanged event's
/// description is not parsed and its blocks are not rendered again. A set is a row of
/// `event_text_set` (its key and its texts' lengths) and a row of `event_text` per text, whose
/// id is the set's times eight plus the field: loading reads the sets only, and a text is read by
/// its id when a page asks. Until issue 64 this was a file of our own (`events.bin`, with its
/// append log) and a second one for the night's spilled texts (`events.spill`).
extension BuildCache: EventTextStore {
    static let fields = EventArtefacts.Field.allCases
    static let idsPerSet: Int64 = 8

    /// Last night's texts by key, none read yet; empty when the cache holds none.
    package func eventTexts() -> EventArtefactSet {
        guard let database else { return EventArtefactSet() }
        let sets =
            (try? database.read { db in
                var sets = EventArtefactSet()
                let rows = try Row.fetchCursor(db, sql: "SELECT id, key, lengths FROM event_text_set")
                while let row = try rows.next() {
                    let lengths = (row[2] as String).split(separator: " ").compactMap { Int($0) }
                    guard let artefacts = EventArtefacts(store: self, set: row[0], lengths: lengths) else { continue }
                    sets.byKey[row[1]] = artefacts
                }
                return sets
            }) ?? EventArtefactSet()
        return sets
    }

    package func bytes(of set: Int64, field: EventArtefacts.Field) -> [UInt8]? {
        guard let database else { return nil }
        // One statement is a snapshot of its own: without the transaction `read` wraps it in (two
        // statements more a text), as every page asks for texts by the thousand.
        let data = try? database.unsafeRead { db in
            try Data.fetchOne(
                db.cachedStatement(sql: "SELECT text FROM event_text WHERE id = ?"),
                arguments: [set * Self.idsPerSet + Int64(field.rawValue)])
        }
        return data.map { Array($0) }
    }

    /// `made`'s texts stored, and read back from the cache, by key: tonight's spill, as the render
    /// makes them. Nil (they stay in memory) when they cannot be stored.
    package func storeEventTexts(_ made: [String: EventArtefacts]) -> [String: EventArtefacts]? {
        guard let database, !made.isEmpty else { return made.isEmpty ? [:] : nil }
        return try? database.write { db in try store(made, db) }
    }

    /// Keeps `set` for the next night and forgets every other set: its texts made tonight are
    /// stored (those `storeEventTexts` stored already are not written again). Returns the same set
    /// as read from the cache, or nil when it cannot be kept (the next night makes it again).
    package func keepEventTexts(_ set: EventArtefactSet) -> EventArtefactSet? {
        guard let database else { return nil }
        return try? database.write { db in
            var kept = EventArtefactSet()
            var stored = Set<Int64>()
            var toStore: [String: EventArtefacts] = [:]
            for (key, artefacts) in set.byKey {
                if let id = artefacts.stored(in: self) {
                    stored.insert(id)
                    kept.byKey[key] = artefacts
                } else {
                    toStore[key] = artefacts
                }
            }
            let forget = try Int64.fetchAll(db, sql: "SELECT id FROM event_text_set").filter { !stored.contains($0) }
            let deleteSet = try db.cachedStatement(sql: "DELETE FROM event_text_set WHERE id = ?")
            let deleteTexts = try db.cachedStatement(sql: "DELETE FROM event_text WHERE id BETWEEN ? AND ?")
            for id in forget {
                try deleteSet.execute(arguments: [id])
                try deleteTexts.execute(arguments: [id * Self.idsPerSet, id * Self.idsPerSet + Self.idsPerSet - 1])
            }
            kept.byKey.merge(try store(toStore, db)) { _, new in new }
            return kept
        }
    }

    /// Writes each set under a new id; a key stored before is replaced.
    private func store(_ made: [String: EventArtefacts], _ db: Database) throws -> [String: EventArtefacts] {
        var next = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM event_text_set") ?? 0
        let insertSet = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO event_text_set (key, id, lengths) VALUES (?, ?, ?)")
        let insertText = try db.cachedStatement(sql: "INSERT OR REPLACE INTO event_text (id, text) VALUES (?, ?)")
        let former = try db.cachedStatement(sql: "SELECT id FROM event_text_set WHERE key = ?")
        let deleteTexts = try db.cachedStatement(sql: "DELETE FROM event_text WHERE id BETWEEN ? AND ?")
        var stored: [String: EventArtefacts] = [:]
        for (key, artefacts) in made {
            if let id = try Int64.fetchOne(former, arguments: [key]) {
                try deleteTexts.execute(arguments: [id * Self.idsPerSet, id * Self.idsPerSet + Self.idsPerSet - 1])
            }
            next += 1
            var lengths: [Int] = []
            for field in Self.fields {
                guard let bytes = artefacts.bytes(field) else { throw DatabaseError(message: "a text cannot be read") }
                lengths.append(bytes.count)
                // Empty texts are most of some fields (events without a description): not stored.
                if !bytes.isEmpty {
                    try insertText.execute(arguments: [next * Self.idsPerSet + Int64(field.rawValue), Data(bytes)])
                }
            }
            try insertSet.execute(arguments: [key, next, lengths.map(String.init).joined(separator: " ")])
            stored[key] = EventArtefacts(store: self, set: next, lengths: lengths)
        }
        return stored
    }
}
