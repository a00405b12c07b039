import Foundation
import MeetupRender
import MeetupSupport

/// Writes the site's files into the staging folder. A file whose bytes equal the
/// one already published is hard-linked from the published site instead of
/// rewritten, so it keeps its modification time and a sync to a static host
/// (rsync, `aws s3 sync`) uploads nothing when nothing changed.
package struct StagingWriter: Sendable {
    package let staging: URL
    /// The currently published site, if any.
    package let previous: URL?
    /// What the staging folder held before tonight: each file written is claimed in it.
    let inventory: StagingInventory?

    package init(staging: URL, previous: URL?, inventory: StagingInventory? = nil) {
        self.staging = staging
        self.previous = previous
        self.inventory = inventory
    }

    /// Writes every file; returns how many were reused unchanged from the previous site.
    @discardableResult
    package func write(_ files: [SiteFile]) throws(RenderError) -> Int {
        var reused = 0
        for file in files where try write(file) { reused += 1 }
        return reused
    }

    /// Writes one file; true when it was reused from the previous site. Thread-safe
    /// for distinct paths (the renderer emits from several threads). The staging folder may be
    /// the tree last night's publish swapped out: what is there is replaced, never written
    /// into (its files are hard links shared with the published site).
    @discardableResult
    package func write(_ file: SiteFile) throws(RenderError) -> Bool {
        let destination = staging.path + "/" + file.path
        inventory?.claim(file.path)
        // A thumbnail the kept tree already holds is the cache's very file: two `lstat`s, done.
        if case .file(let source) = file.contents, FileTree.isSameFile(source.path, destination) { return true }
        do {
            if let slash = file.path.lastIndex(of: "/") {
                try FileTree.makeFolder(String(file.path[..<slash]), under: staging.path)
            }
            if let old = previous.map({ $0.path + "/" + file.path }), isSame(file.contents, as: old),
                FileTree.link(old, replacing: destination)
            {
                return true
            }
            FileTree.clear(destination)
            switch file.contents {
            case .bytes(let data):
                try FileOperations.write(data, to: URL(fileURLWithPath: destination, isDirectory: false))
            case .file(let source):
                if link(source.path, destination) != 0 {
                    try FileManager.default.copyItem(atPath: source.path, toPath: destination)
                }
            }
            return false
        } catch {
            throw .cannotWrite(destination, error.localizedDescription)
        }
    }

    /// Whether the published file at `old` already holds `contents`: its size by one `stat`,
    /// then its bytes. A file-backed thumbnail is a hard link into the cache, so the same
    /// inode needs no reading.
    private func isSame(_ contents: SiteFile.Contents, as old: String) -> Bool {
        guard let oldSize = FileOperations.fileSize(atPath: old) else { return false }
        let oldURL = URL(fileURLWithPath: old, isDirectory: false)
        switch contents {
        case .bytes(let data):
            return data.count == oldSize && (try? Data(contentsOf: oldURL)) == data
        case .file(let source):
            if FileTree.isSameFile(source.path, old) { return true }
            guard FileOperations.fileSize(source) == oldSize else { return false }
            // Compared in runs, not read whole: `events.json` is 13 MB on W2.
            return FileManager.default.contentsEqual(atPath: source.path, andPath: old)
        }
    }

    /// The published site's `folder` (yesterday's search index) into the staging site, every
    /// file a hard link: no copy, the modification times kept. A file already there as the same
    /// file stays, any other is replaced, and what the published folder does not hold goes.
    /// False, and nothing left in staging, when there is no such folder or a link fails.
    package func linkFolder(_ folder: String) -> Bool {
        guard let previous else { return false }
        let source = previous.path + "/" + folder, target = staging.path + "/" + folder
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else {
            FileTree.clear(target)
            return false
        }
        let files = FileTree.files(under: source)
        guard (try? FileTree.makeFolder(folder, under: staging.path)) != nil,
            FileTree.link(files, from: source, into: target) == files.count
        else {
            FileTree.clear(target)
            return false
        }
        let published = Set(files)
        for file in FileTree.files(under: target) where !published.contains(file) {
            FileTree.clear(target + "/" + file)
        }
        FileTree.removeEmptyFolders(under: target)
        return FileManager.default.fileExists(atPath: target)
    }

    /// Files another tool wrote into `folder` of the staging site (the search index):
    /// each one byte-identical to the published copy is replaced by a hard link to it,
    /// so it keeps its modification time and a sync uploads nothing for it.
    package func relinkUnchanged(in folder: String) {
        guard let previous else { return }
        let root = staging.appendingPathComponent(folder)
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
        for case let file as URL in files where !file.hasDirectoryPath {
            let relative = String(file.path.dropFirst(staging.path.count + 1))
            let old = previous.appendingPathComponent(relative)
            // Already the published file: a rename of a link onto its own file does nothing
            // (POSIX), and the temporary link was left beside it, to be published.
            guard !FileTree.isSameFile(old.path, file.path),
                FileOperations.fileSize(old) == FileOperations.fileSize(file),
                let a = try? Data(contentsOf: old), let b = try? Data(contentsOf: file), a == b
            else { continue }
            let temporary = FileOperations.temporarySibling(of: file)
            if link(old.path, temporary.path) == 0, (try? FileOperations.replace(file, with: temporary)) == nil {
                try? FileManager.default.removeItem(at: temporary)
            }
        }
    }
}
