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
///
/// The build cache says what each was made from (a hash of its plan's input) and its size
/// (`BuildCache+SearchRecords`), so a record whose input is the same is not made again: W2's
/// changed shard made and compared all its 1,428 records for the one that changed (perf: 0.17 s
/// of CPU before Pagefind could start). Everything here can be made again: the shard's entries
/// are forgotten while the folder changes, and without them (or with another binary's or time
/// zone's) every record is made and compared with its file; a missing file, or one whose size
/// is not the entry's, is made again.
enum SearchRecordFolder {
    /// The name of the index file versions before issue 64 kept in each shard's folder.
    static let formerIndexName = "inputs.tsv"

    /// Brings `folder` to hold exactly the records of `planned`, one file each, making (with
    /// `records`) only those whose input is not the one the folder's index gives. `key` names
    /// what a record depends on besides its input (this binary, the time zone). How many
    /// files it wrote.
    @discardableResult
    static func update(
        _ folder: URL, to planned: [SearchRecords.Planned], key: String, cache: BuildCache,
        making records: ([SearchRecords.Planned]) -> [SearchRecords.Record]
    ) throws -> Int {
        try FileOperations.createDirectory(folder)
        let shard = folder.lastPathComponent
        let index = cache.searchRecords(of: shard, key: key)
        // Nothing known while the folder changes: the entries only ever describe the files as they are.
        cache.forgetSearchRecords(of: shard)
        var stale = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        var present: Set<String> = []
        var sizes: [String: Int] = [:]
        var missing: [SearchRecords.Planned] = []
        let inputs = planned.map { ContentHash.sha256Hex($0.input) }
        for (item, input) in zip(planned, inputs) {
            if stale.remove(item.name) != nil { present.insert(item.name) }
            if present.contains(item.name), let kept = index[item.name], kept.input == input,
                FileOperations.fileSize(folder.appendingPathComponent(item.name)) == kept.size
            {
                sizes[item.name] = kept.size
            } else {
                missing.append(item)
            }
        }
        var written = 0
        for record in records(missing) {
            let file = folder.appendingPathComponent(record.name)
            let bytes = Data(record.html.utf8)
            sizes[record.name] = bytes.count
            if present.contains(record.name), (try? Data(contentsOf: file)) == bytes { continue }
            // Whatever stands in its place (a folder, a file without permission) makes way.
            if (try? FileOperations.write(bytes, to: file)) == nil {
                _ = FileTree.clear(file.path)
                try FileOperations.write(bytes, to: file)
            }
            written += 1
        }
        for name in stale { _ = FileTree.clear(folder.appendingPathComponent(name).path) }
        let entries = zip(planned, inputs).compactMap { item, input in
            sizes[item.name].map { (name: item.name, entry: BuildCache.SearchRecordEntry(input: input, size: $0)) }
        }
        cache.saveSearchRecords(entries, of: shard, key: key)
        return written
    }

    /// Removes the folders of shards the site no longer has (and anything else in `root`), and
    /// what the cache knows of them.
    static func prune(_ root: URL, keeping shards: Set<String>, cache: BuildCache) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        where !shards.contains(name) {
            _ = FileTree.clear(root.appendingPathComponent(name).path)
        }
        cache.forgetSearchRecords(keeping: shards)
    }
}
