import Foundation

/// The state folder's layout, in one place: what cannot be fetched again. The cache holds only
/// what a run can rebuild; deleting it costs downloads, never the record.
package enum StateFolder {
    /// The run history (SQLite): events seen, changes, counts, groups, aliases.
    package static func history(_ state: URL, suffix: String = "") -> URL {
        state.appendingPathComponent("history.sqlite" + suffix)
    }

    /// Each day's digest, as published.
    package static func digests(_ state: URL) -> URL { state.appendingPathComponent("digests") }

    /// What earlier versions kept in the cache folder and is state: moved into the state folder
    /// on the first run that finds it there and not here (nothing is overwritten, nothing lost).
    /// Returns what was moved, in words, for the run's log.
    package static func adoptFromCache(_ cache: URL, into state: URL) -> [String] {
        let manager = FileManager.default
        var moved: [String] = []
        let pairs: [(from: URL, to: URL)] = [
            (history(cache), history(state)),
            (history(cache, suffix: "-wal"), history(state, suffix: "-wal")),
            (history(cache, suffix: "-shm"), history(state, suffix: "-shm")),
            (digests(cache), digests(state)),
        ]
        // The database moves with its journal files or not at all.
        guard manager.fileExists(atPath: pairs[0].from.path) || manager.fileExists(atPath: pairs[3].from.path) else {
            return []
        }
        try? manager.createDirectory(at: state, withIntermediateDirectories: true)
        let historyMovable = !manager.fileExists(atPath: history(state).path)
        for (index, pair) in pairs.enumerated() where manager.fileExists(atPath: pair.from.path) {
            if index < 3, !historyMovable { continue }
            guard !manager.fileExists(atPath: pair.to.path) else { continue }
            do {
                try manager.moveItem(at: pair.from, to: pair.to)
                moved.append("\(pair.from.lastPathComponent) moved from the cache to the state folder \(state.path)")
            } catch {
                moved.append("could not move \(pair.from.path) to \(pair.to.path): \(error.localizedDescription)")
            }
        }
        return moved
    }
}
