import Foundation
import GRDB
import MeetupSupport

/// Last night's render manifest (`RenderMemo`): for each item the key it was made under and
/// its files, each stamped (size, inode, modification time) as published. Two tables, one row
/// an item and one a file. A night writes only the items that changed: those made tonight,
/// those gone; an item reused as it was is already there.
extension BuildCache {
    typealias Memo = RenderMemo

    /// Every item of the manifest; empty when there is none or it cannot be read.
    func renderManifest() -> [String: Memo.Item] {
        guard let database else { return [:] }
        return
            (try? database.read { db in
                var items: [String: Memo.Item] = [:]
                let rows = try Row.fetchCursor(db, sql: "SELECT id, key FROM render_item")
                while let row = try rows.next() { items[row[0]] = Memo.Item(key: row[1], files: []) }
                let files = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT item, path, size, inode, seconds, nanoseconds FROM render_file
                        ORDER BY item, position
                        """)
                while let row = try files.next() {
                    let stamp = Memo.Stamp(
                        size: row[2], inode: UInt64(bitPattern: row[3]), seconds: row[4], nanoseconds: row[5])
                    items[row[0]]?.files.append(Memo.File(path: row[1], stamp: stamp))
                }
                return items
            }) ?? [:]
    }

    /// Tonight's manifest in place of `stored` (what `renderManifest()` gave; nil: unknown, so
    /// every row is replaced). Each file made tonight is stamped by `stamp`; an item with a file
    /// that cannot be stamped is left out, to be made again the next night.
    func saveRenderManifest(
        _ tonight: [String: Memo.Item], replacing stored: [String: Memo.Item]?, stamp: (String) -> Memo.Stamp?
    ) throws {
        guard let database else { return }
        try database.write { db in
            if stored == nil { try db.execute(sql: "DELETE FROM render_item") }
            let delete = try db.cachedStatement(sql: "DELETE FROM render_item WHERE id = ?")
            let addItem = try db.cachedStatement(sql: "INSERT INTO render_item (id, key) VALUES (?, ?)")
            let addFile = try db.cachedStatement(
                sql: """
                    INSERT INTO render_file (item, position, path, size, inode, seconds, nanoseconds)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
            for id in (stored ?? [:]).keys where tonight[id] == nil { try delete.execute(arguments: [id]) }
            for (id, item) in tonight where stored?[id] != item {
                if stored?[id] != nil { try delete.execute(arguments: [id]) }
                let stamps = item.files.map { $0.stamp ?? stamp($0.path) }
                guard stamps.allSatisfy({ $0 != nil }) else { continue }
                try addItem.execute(arguments: [id, item.key])
                for (position, (file, stamp)) in zip(item.files, stamps).enumerated() {
                    guard let stamp else { continue }
                    try addFile.execute(arguments: [
                        id, position, file.path, stamp.size, Int64(bitPattern: stamp.inode), stamp.seconds,
                        stamp.nanoseconds,
                    ])
                }
            }
        }
    }
}
