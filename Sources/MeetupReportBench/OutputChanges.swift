import Foundation

/// What a night rewrote in the published site: the files whose inode or modification time
/// changed, or that are new (the publisher hard-links an unchanged file, so it keeps both),
/// and their bytes: what `rsync -a` (its quick check: size and mtime) sends, and what a CDN
/// invalidates.
struct OutputChanges {
    var rewritten = 0
    var total = 0
    var bytes = 0
    /// The rewritten files' paths, sorted.
    var paths: [String] = []

    struct Stamp: Equatable {
        var inode: Int
        var modified: Double
        var size: Int
    }

    static func stamps(of folder: URL) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let root = folder.resolvingSymlinksInPath().path
        guard let files = FileManager.default.enumerator(atPath: root) else { return [:] }
        while let path = files.nextObject() as? String {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            stamps[path] = Stamp(
                inode: (attributes[.systemFileNumber] as? Int) ?? 0,
                modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0,
                size: (attributes[.size] as? Int) ?? 0)
        }
        return stamps
    }

    /// The changes from `before` to the folder as it is now.
    static func since(_ before: [String: Stamp], in folder: URL) -> OutputChanges {
        var changes = OutputChanges()
        for (path, stamp) in stamps(of: folder) {
            changes.total += 1
            if before[path] != stamp {
                changes.rewritten += 1
                changes.bytes += stamp.size
                changes.paths.append(path)
            }
        }
        changes.paths.sort()
        return changes
    }

    var text: String {
        String(format: "%d of %d files, %.1f MB", rewritten, total, Double(bytes) / 1_048_576)
    }
}
