import Foundation
import MeetupRender
import MeetupSupport

/// Work proportional to change: which of the published site's files tonight's site keeps
/// as they are. The build cache holds last night's manifest (`BuildCache`): for each
/// item the renderer tracks (a page with its feeds, `events.json`, an event's calendar),
/// the key it was made under and its files, each stamped (size, inode, modification time)
/// as published. An item whose key is unchanged and whose files are all still exactly
/// those is hard-linked into the staging folder and not made again; anything else (a
/// file edited or removed by hand, another binary, a damaged manifest) is made again.
/// The staging folder is published in one swap as before: old site or new, never a mix.
package struct RenderMemo: RenderReuse {
    /// The published site's path, when there is one, and the staging folder's. Plain path
    /// strings, taken once, and POSIX calls: URL building was 5 % of a warm W2 night, and
    /// `URL.path` asked for each of the 2,500 items of W1's next night 5 ms of its render (perf).
    private let publishedPath: String?
    private let stagingPath: String
    /// What the staging folder held before tonight: each file reused is claimed in it.
    let inventory: StagingInventory?
    let cache: BuildCache
    /// The manifest as the cache holds it, and what of it tonight may reuse (nothing without a
    /// published site).
    private let stored: [String: Item]
    private let previous: [String: Item]
    private let tonight = LockedBox([String: Item]())
    private let folders = LockedBox(Set<String>())

    struct Item: Equatable {
        var key: String
        var files: [File]
    }

    struct File: Equatable {
        var path: String
        var stamp: Stamp?
    }

    struct Stamp: Equatable {
        var size: Int64, inode: UInt64, seconds: Int, nanoseconds: Int
    }

    /// - Parameter manifest: last night's manifest, when the caller has read it
    ///   (`BuildCache.renderManifest()`).
    init(
        cache: BuildCache, published: URL?, staging: URL, inventory: StagingInventory? = nil,
        manifest: [String: Item]? = nil
    ) {
        self.cache = cache
        publishedPath = published?.path
        stagingPath = staging.path
        self.inventory = inventory
        stored = manifest ?? cache.renderManifest()
        previous = published == nil ? [:] : stored
    }

    package func reuse(_ item: RenderItem) -> Bool {
        guard let key = item.key, let published = publishedPath, let old = previous[item.id], old.key == key,
            !old.files.isEmpty, old.files.allSatisfy({ $0.stamp != nil })
        else { return false }
        let staging = stagingPath
        // The tree last night's publish swapped out may hold the very file stamped (the same
        // inode, size and time: one `lstat`); any other must be the published file as stamped.
        let missing = old.files.filter { Self.stamp(path: staging + "/" + $0.path) != $0.stamp }
        guard missing.allSatisfy({ Self.stamp(path: published + "/" + $0.path) == $0.stamp }) else { return false }
        var linked: [String] = [], complete = true
        for file in missing {
            let destination = staging + "/" + file.path
            if let slash = file.path.lastIndex(of: "/") {
                let folder = String(file.path[..<slash])
                // Made under the lock: items are looked up on several threads at once.
                let made = folders.withLock { known in
                    known.contains(folder)
                        || ((try? FileTree.makeFolder(folder, under: staging)) != nil && known.insert(folder).inserted)
                }
                guard made else {
                    complete = false
                    break
                }
            }
            guard FileTree.link(published + "/" + file.path, replacing: destination) else {
                complete = false
                break
            }
            linked.append(destination)
        }
        guard complete else {
            for file in linked { unlink(file) }
            return false
        }
        inventory?.claim(old.files.map(\.path))
        tonight.withLock { $0[item.id] = old }
        return true
    }

    /// A file the renderer made for `item` tonight.
    package func record(_ item: RenderItem, path: String) {
        guard let key = item.key else { return }
        tonight.withLock { $0[item.id, default: Item(key: key, files: [])].files.append(File(path: path, stamp: nil)) }
    }

    /// Tonight's manifest into the build cache, each file made tonight stamped as `output` (the
    /// site just published) holds it.
    package func save(publishedAt output: URL) throws {
        try cache.saveRenderManifest(tonight.withLock { $0 }, replacing: stored) {
            Self.stamp(path: output.path + "/" + $0)
        }
    }

    static func stamp(path: String) -> Stamp? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Stamp(
            size: Int64(info.st_size), inode: UInt64(info.st_ino),
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }
}
