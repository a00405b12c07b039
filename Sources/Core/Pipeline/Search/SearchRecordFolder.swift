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
/// Beside the records, `inputs.tsv` (Pagefind reads only `.html`) says what each was made from
/// (a hash of its plan's input) and its size, so a record whose input is the same is not made
/// again: W2's changed shard made and compared all its 1,428 records for the one that changed
/// (perf: 0.17 s of CPU before Pagefind could start). Everything here can be made again: the
/// index is removed while the folder changes, and without it (or with another binary's or time
/// zone's) every record is made and compared with its file; a missing file, or one whose size
/// is not the index's, is made again.
enum SearchRecordFolder {
    static let indexName = "inputs.tsv"

    /// Brings `folder` to hold exactly the records of `planned`, one file each, making (with
    /// `records`) only those whose input is not the one the folder's index gives. `key` names
    /// what a record depends on besides its input (this binary, the time zone). How many
    /// files it wrote.
    @discardableResult
    static func update(
        _ folder: URL, to planned: [SearchRecords.Planned], key: String,
        making records: ([SearchRecords.Planned]) -> [SearchRecords.Record]
    ) throws -> Int {
        try FileOperations.createDirectory(folder)
        let indexFile = folder.appendingPathComponent(indexName)
        let index = Self.index(indexFile, key: key)
        // No index while the folder changes: an index only ever describes the files beside it.
        unlink(indexFile.path)
        var stale = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        stale.remove(indexName)
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
        var text = "\(key)\n"
        for (item, input) in zip(planned, inputs) {
            guard let size = sizes[item.name] else { continue }
            text += "\(item.name)\t\(input)\t\(size)\n"
        }
        try? FileOperations.writeAtomically(Data(text.utf8), to: indexFile)
        return written
    }

    /// The index's records by name: their input's hash and size; empty unless it is `key`'s.
    private static func index(_ file: URL, key: String) -> [String: (input: String, size: Int)] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [:] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(key) else { return [:] }
        var index: [String: (input: String, size: Int)] = [:]
        for line in lines where !line.isEmpty {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let size = Int(fields[2]) else { return [:] }
            index[String(fields[0])] = (String(fields[1]), size)
        }
        return index
    }

    /// Removes the folders of shards the site no longer has (and anything else in `root`).
    static func prune(_ root: URL, keeping shards: Set<String>) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        where !shards.contains(name) {
            _ = FileTree.clear(root.appendingPathComponent(name).path)
        }
    }
}
