import Foundation
import GRDB

/// What each search record kept in the cache for Pagefind (`SearchRecordFolder`) was made
/// from (the hash of its plan's input) and its size, by shard and name, with the key each
/// shard's records were made under (this binary, the time zone). It was a file of lines in each
/// shard's folder (`inputs.tsv`) before issue 64.
extension BuildCache {
    /// A kept record: the hash of its input and its file's size.
    struct SearchRecordEntry: Equatable {
        var input: String
        var size: Int
    }

    /// The shard's records by name; empty unless they were made under `key`.
    func searchRecords(of shard: String, key: String) -> [String: SearchRecordEntry] {
        guard let database else { return [:] }
        return
            (try? database.read { db in
                guard
                    try String.fetchOne(db, sql: "SELECT key FROM search_shard WHERE shard = ?", arguments: [shard])
                        == key
                else { return [:] }
                var entries: [String: SearchRecordEntry] = [:]
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT name, input, size FROM search_record WHERE shard = ?", arguments: [shard])
                while let row = try rows.next() { entries[row[0]] = SearchRecordEntry(input: row[1], size: row[2]) }
                return entries
            }) ?? [:]
    }

    /// Forgets the shard's records: done before its folder changes, so the cache never
    /// describes files that are not as it says.
    func forgetSearchRecords(of shard: String) {
        _ = try? database?.write { db in try Self.delete(shard, db) }
    }

    /// Forgets every shard but `shards`.
    func forgetSearchRecords(keeping shards: Set<String>) {
        _ = try? database?.write { db in
            for shard in try String.fetchAll(db, sql: "SELECT shard FROM search_shard") where !shards.contains(shard) {
                try Self.delete(shard, db)
            }
        }
    }

    /// The shard's records as its folder now holds them; a failure only costs the next night
    /// making them again.
    func saveSearchRecords(_ entries: [(name: String, entry: SearchRecordEntry)], of shard: String, key: String) {
        _ = try? database?.write { db in
            try Self.delete(shard, db)
            try db.execute(sql: "INSERT INTO search_shard (shard, key) VALUES (?, ?)", arguments: [shard, key])
            let insert = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO search_record (shard, name, input, size) VALUES (?, ?, ?, ?)")
            for (name, entry) in entries { try insert.execute(arguments: [shard, name, entry.input, entry.size]) }
        }
    }

    /// The shard and, through its foreign key, its records.
    private static func delete(_ shard: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM search_shard WHERE shard = ?", arguments: [shard])
    }
}
