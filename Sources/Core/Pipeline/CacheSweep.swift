import Foundation
import MeetupFetch
import MeetupSupport

/// Removes what no run has used for `retentionDays`: photos of events long gone,
/// thumbnails of old widths or processors, the last good events of queries no
/// longer configured. Without it the cache only ever grows.
///
/// When each cache file was last used is kept in one small file (`usage.json`),
/// written once per run. File modification times cannot serve: thumbnails are
/// hard-linked into the published site, whose unchanged files must keep theirs.
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
        var lastUsed = loadUsage()
        for path in used { lastUsed[path] = now.timeIntervalSince1970 }

        var removed: [String] = []
        var kept: [String: Double] = [:]
        for folder in ["photos", "thumbnails"] {
            for name in contents(of: folder) {
                let path = "\(folder)/\(name)"
                // Older than this record (a cache from before the sweep): its clock starts now.
                let seen = lastUsed[path] ?? now.timeIntervalSince1970
                if seen < cutoff, remove(path) { removed.append(path) } else { kept[path] = seen }
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
        let record = JSONValue.object(kept.mapValues { .number($0) })
        try FileOperations.writeAtomically(Data(record.serialized().utf8), to: usageFile)
        return removed.sorted()
    }

    private func loadUsage() -> [String: Double] {
        guard let data = try? Data(contentsOf: usageFile), let object = (try? JSONValue.parse(data))?.objectValue else {
            return [:]
        }
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
