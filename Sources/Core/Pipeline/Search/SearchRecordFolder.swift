import Foundation
import MeetupRender
import MeetupSupport

/// A shard's records as Pagefind reads them (`--site`), kept in the cache from one night to
/// the next (`render/search-records/<shard>`): a night that indexes a shard again writes only
/// the records whose bytes changed, and removes those of events gone from it.
///
/// Made afresh and removed each time, W1's changed shard (175 records) cost its night a file
/// created and one removed per record before Pagefind could start; on this machine's ext4
/// without a journal each creation first steps over the inodes freed moments before (perf:
/// `find_inode_bit`, `recently_deleted`), 65 ms of CPU on the path the night waited for.
/// Everything here can be made again: a missing, damaged or foreign file is only rewritten.
enum SearchRecordFolder {
    /// Brings `folder` to hold exactly `records`, one file each; how many files it wrote.
    @discardableResult
    static func update(_ folder: URL, to records: [SearchRecords.Record]) throws -> Int {
        try FileOperations.createDirectory(folder)
        var stale = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        var written = 0
        for record in records {
            let file = folder.appendingPathComponent(record.name)
            let bytes = Data(record.html.utf8)
            if stale.remove(record.name) != nil, (try? Data(contentsOf: file)) == bytes { continue }
            // Whatever stands in its place (a folder, a file without permission) makes way.
            if (try? FileOperations.write(bytes, to: file)) == nil {
                _ = FileTree.clear(file.path)
                try FileOperations.write(bytes, to: file)
            }
            written += 1
        }
        for name in stale { _ = FileTree.clear(folder.appendingPathComponent(name).path) }
        return written
    }

    /// Removes the folders of shards the site no longer has (and anything else in `root`).
    static func prune(_ root: URL, keeping shards: Set<String>) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        where !shards.contains(name) {
            _ = FileTree.clear(root.appendingPathComponent(name).path)
        }
    }
}
