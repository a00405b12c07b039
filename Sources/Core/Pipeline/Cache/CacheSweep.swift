import Foundation
import MeetupFetch
import MeetupSupport

/// Removes what no run has used for `retentionDays`: photos of events long gone,
/// thumbnails of old widths or processors, the last good events of queries no
/// longer configured. Without it the cache only ever grows.
///
/// When each cache file was last used is kept in one small file (`usage.tsv`: a line
/// per file, its last use in seconds since 1970, a tab, its path), written once per
/// run. File modification times cannot serve: thumbnails are hard-linked into the
/// published site, whose unchanged files must keep theirs. It was a JSON object until
/// issue 34: read and written as a tree, sorted, W2's 32,000 entries took the sweep
/// 0.18 s of CPU every night (perf); as lines, 0.09 s (the step 0.22 -> 0.13 s).
package struct CacheSweep: Sendable {
    package let cacheDirectory: URL
    package let retentionDays: Int

    package init(cacheDirectory: URL, retentionDays: Int) {
        self.cacheDirectory = cacheDirectory
        self.retentionDays = retentionDays
    }

    var usageFile: URL { CacheFolder.usage(cacheDirectory) }

    /// Records `used` (paths relative to the cache folder) as used `now`, then deletes
    /// every photo or thumbnail last used before the retention period and the events of
    /// unconfigured queries fetched before it. Returns the relative paths removed.
    @discardableResult
    package func sweep(used: Set<String>, configuredQueries: Set<String>, now: Date) throws -> [String] {
        let cutoff = now.addingTimeInterval(-Double(retentionDays) * 86_400).timeIntervalSince1970
        // A time the record cannot hold ("nan", "1e400" in a damaged file) is no time: its clock starts now.
        var lastUsed = loadUsage().filter { $0.value.isFinite && abs($0.value) < 1e15 }
        for path in used { lastUsed[path] = now.timeIntervalSince1970 }

        var removed: [String] = []
        var kept: [UInt8] = []
        for folder in ["photos", "thumbnails"] {
            for name in contents(of: folder) {
                let path = "\(folder)/\(name)"
                // Older than this record (a cache from before the sweep): its clock starts now.
                let seen = lastUsed[path] ?? now.timeIntervalSince1970
                if seen < cutoff, remove(path) {
                    removed.append(path)
                } else {
                    kept.append(contentsOf: "\(Int64(seen.rounded(.down)))\t\(path)\n".utf8)
                }
            }
        }
        let store = LastGoodEvents(cacheDirectory: cacheDirectory)
        for name in contents(of: "queries") where name.hasSuffix(".json") {
            let queryID = String(name.dropLast(".json".count))
            guard !configuredQueries.contains(queryID) else { continue }
            let fetchedAt = store.load(for: queryID)?.fetchedAt.timeIntervalSince1970 ?? 0
            if fetchedAt < cutoff, remove("queries/\(name)") {
                removed.append("queries/\(name)")
                _ = remove("queries/\(queryID).stamp")  // what the file held and when (`LastGoodEvents`)
            }
        }
        // Only files still there are recorded: entries of files gone, by this sweep or otherwise, drop out.
        try FileOperations.writeAtomically(Data(kept), to: usageFile)
        unlink(CacheFolder.formerUsage(cacheDirectory).path)
        for file in CacheFolder.formerFiles(cacheDirectory) { unlink(file.path) }
        return removed.sorted()
    }

    private func loadUsage() -> [String: Double] {
        guard let data = try? Data(contentsOf: usageFile) else { return formerUsage() }
        // Over the bytes themselves: `Data.split` was 0.1 s of W2's 32,000 lines (perf).
        let bytes = [UInt8](data)
        var usage: [String: Double] = [:]
        usage.reserveCapacity(bytes.count / 64)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                var end = start, tab: Int?
                while end < buffer.count, buffer[end] != UInt8(ascii: "\n") {
                    if tab == nil, buffer[end] == UInt8(ascii: "\t") { tab = end }
                    end += 1
                }
                if let tab, let seconds = Double(String(decoding: buffer[start..<tab], as: UTF8.self)) {
                    usage[String(decoding: buffer[(tab + 1)..<end], as: UTF8.self)] = seconds
                }
                start = end + 1
            }
        }
        return usage
    }

    /// The record as versions before issue 34 kept it (a JSON object), read once.
    private func formerUsage() -> [String: Double] {
        guard let data = try? Data(contentsOf: CacheFolder.formerUsage(cacheDirectory)),
            let object = (try? JSONValue.parse(data))?.objectValue
        else { return [:] }
        return object.compactMapValues(\.doubleValue)
    }

    /// Names in a cache folder, without hidden in-progress files.
    private func contents(of folder: String) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory.appendingPathComponent(folder).path))
            ?? []
        return names.filter { !$0.hasPrefix(".") }
    }

    private func remove(_ path: String) -> Bool {
        (try? FileManager.default.removeItem(at: cacheDirectory.appendingPathComponent(path))) != nil
    }
}
