import Foundation
import MeetupSupport

/// What a staging folder held before tonight's files went in. Tonight's site is built in the
/// tree last night's publish swapped out (`SitePublisher.makeStagingDirectory`), so every
/// file that no part of tonight's site claims is removed before the swap (`sweep`): a page
/// that is gone tonight is gone from the site. A fresh staging folder holds nothing to sweep.
package final class StagingInventory: Sendable {
    private let root: String
    private let unclaimed: LockedBox<Set<String>>

    /// The files now in `staging`, except those under `excluded` folders (another stage's
    /// to keep: the search index).
    package init(_ staging: URL, excluding excluded: [String] = []) {
        root = staging.path
        let files = FileTree.files(under: root).filter { path in
            !excluded.contains { path.hasPrefix($0 + "/") }
        }
        unclaimed = LockedBox(Set(files))
    }

    /// How many files are not yet claimed.
    package var unclaimedCount: Int { unclaimed.withLock { $0.count } }

    /// `path` (relative to the staging folder) is part of tonight's site.
    package func claim(_ path: String) {
        claim([path])
    }

    /// `paths` (an item's files) are part of tonight's site: one lock for all of them, as the
    /// render's threads claim at once.
    package func claim(_ paths: [String]) {
        unclaimed.withLock { files in
            guard !files.isEmpty else { return }
            for path in paths { files.remove(path) }
        }
    }

    /// Removes every file no one claimed, and the folders left empty; returns how many files
    /// went.
    @discardableResult
    package func sweep() -> Int {
        let files = unclaimed.withLock { files in
            defer { files = [] }
            return files
        }
        // A file, never a folder: a path that was a file is a folder only when tonight made it.
        let removed = files.filter { unlink(root + "/" + $0) == 0 }.count
        if !files.isEmpty { FileTree.removeEmptyFolders(under: root) }
        return removed
    }
}
