import Foundation

/// Plain POSIX questions about a folder of files, asked tens of thousands of times a night
/// (a kept site tree is brought up to date file by file): `readdir` and `lstat` on path
/// strings, no `URL` or `FileManager` per file.
package enum FileTree {
    /// The inode of what is at `path` (a last symbolic link not followed); nil when nothing is.
    package static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// Whether `first` and `second` are the same file (one inode, two names).
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        guard let inode = inode(first) else { return false }
        return self.inode(second) == inode
    }

    /// Every file under `root` (anything but a folder), as paths relative to it; empty when
    /// `root` is not a folder. Folders are walked, never followed through a symbolic link.
    package static func files(under root: String) -> [String] {
        var found: [String] = []
        walk(root, relative: "", into: &found)
        return found
    }

    private static func walk(_ folder: String, relative: String, into found: inout [String]) {
        guard let stream = opendir(folder) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = self.name(entry)
            guard name != ".", name != ".." else { continue }
            let path = folder + "/" + name, inner = relative.isEmpty ? name : relative + "/" + name
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isFolder = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder { walk(path, relative: inner, into: &found) } else { found.append(inner) }
        }
    }

    /// `source` hard-linked at `destination`, unless it is that very file already; whatever else
    /// stands there goes first (it may be a link shared with the published site: never written
    /// into). True when `destination` is `source` afterwards.
    @discardableResult
    package static func link(_ source: String, replacing destination: String) -> Bool {
        if isSameFile(source, destination) { return true }
        clear(destination)
        return Glibc.link(source, destination) == 0
    }

    /// Hard links to `files` (paths relative to `source`) at the same paths under `target`, each
    /// replacing what stands there (`link(_:replacing:)`), the folders they need made once each;
    /// how many are linked afterwards. A file that cannot be linked is passed over.
    @discardableResult
    package static func link(_ files: [String], from source: String, into target: String) -> Int {
        var linked = 0, made: Set<Substring> = []
        for file in files {
            let parent = file.lastIndex(of: "/").map { file[..<$0] } ?? ""
            if !made.contains(parent) {
                guard (try? makeFolder(String(parent), under: target)) != nil else { continue }
                made.insert(parent)
            }
            if link(source + "/" + file, replacing: target + "/" + file) { linked += 1 }
        }
        return linked
    }

    /// Removes what is at `path`: a file, or a folder with everything in it. True when nothing
    /// is there afterwards.
    @discardableResult
    package static func clear(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT }
        if (info.st_mode & S_IFMT) != S_IFDIR { return unlink(path) == 0 || errno == ENOENT }
        try? FileManager.default.removeItem(atPath: path)
        return lstat(path, &info) != 0
    }

    /// Makes the folder `root/relative` and those above it, clearing a file inside `root` that
    /// stands where one of them must be (a path that was a page last night and is a folder
    /// tonight). Nothing above `root` is touched.
    package static func makeFolder(_ relative: String, under root: String) throws {
        let path = relative.isEmpty ? root : root + "/" + relative
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            var ancestor = root, info = stat()
            for part in relative.split(separator: "/") {
                ancestor += "/" + part
                if lstat(ancestor, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR { unlink(ancestor) }
            }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
    }

    /// Removes the folders under `root` left empty (deepest first); `root` itself stays.
    package static func removeEmptyFolders(under root: String) {
        guard let stream = opendir(root) else { return }
        var folders: [String] = []
        while let entry = readdir(stream) {
            let name = self.name(entry)
            guard name != ".", name != "..", entry.pointee.d_type == UInt8(DT_DIR) else { continue }
            folders.append(root + "/" + name)
        }
        closedir(stream)
        for folder in folders {
            removeEmptyFolders(under: folder)
            rmdir(folder)  // fails, as it should, while something is in it
        }
    }

    private static func name(_ entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafePointer(to: &entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
        }
    }
}
