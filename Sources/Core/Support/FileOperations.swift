import CPlatform
import Foundation

/// File writes that are never seen half-done: write beside the target, then rename.
package enum FileOperations {
    package static func createDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `data` to a temporary file in the same folder and renames it over `url`.
    /// `mode` is set when the file is created, so a secret is never readable by others
    /// for even a moment.
    package static func writeAtomically(_ data: Data, to url: URL, mode: mode_t = 0o644) throws {
        try createDirectory(url.deletingLastPathComponent())
        let temporary = temporarySibling(of: url)
        do {
            try write(data, to: temporary, mode: mode)
            try replace(url, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes `data` to a new file with plain POSIX calls. Foundation's `Data.write`
    /// fsyncs every file, which profiles showed costing more than the thumbnailing
    /// it sat next to; durability against power loss is not promised (docs/running.md).
    package static func write(_ data: Data, to url: URL, mode: mode_t = 0o644) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw posixError("cannot create \(url.path)") }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { writeAll(descriptor, $0) }
        guard written else { throw posixError("cannot write \(url.path)") }
    }

    /// Writes the whole buffer to an open descriptor, resuming short writes and EINTR;
    /// false on any other error (errno says which).
    package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    private static func posixError(_ message: String) -> CocoaError {
        CocoaError(
            .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(message): \(String(cString: strerror(errno)))"])
    }

    /// Copies `source` to `destination` through a temporary sibling and a rename.
    package static func copyAtomically(from source: URL, to destination: URL) throws {
        try createDirectory(destination.deletingLastPathComponent())
        let temporary = temporarySibling(of: destination)
        do {
            try FileManager.default.copyItem(at: source, to: temporary)
            try replace(destination, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Renames `temporary` over `destination` (rename(2) replaces atomically).
    package static func replace(_ destination: URL, with temporary: URL) throws {
        try rename(temporary, to: destination)
    }

    /// Puts the folder `replacement` at `destination` in one step: an atomic
    /// renameat2(RENAME_EXCHANGE) when `destination` exists, a plain rename when it does not.
    /// The old folder is then deleted, or renamed to `kept` when given (whatever was there
    /// before goes). Where the file system cannot exchange, the old folder is moved aside
    /// first: there is a moment with no folder at `destination`, never a half-written one.
    package static func replaceDirectory(_ destination: URL, with replacement: URL, keepingOldAt kept: URL? = nil)
        throws
    {
        let manager = FileManager.default
        guard manager.fileExists(atPath: destination.path) else {
            try rename(replacement, to: destination)
            return
        }
        func putAside(_ old: URL) {
            if let kept {
                try? manager.removeItem(at: kept)
                if (try? rename(old, to: kept)) != nil { return }
            }
            try? manager.removeItem(at: old)
        }
        if mr_exchange_paths(replacement.path, destination.path) == 0 {
            putAside(replacement)  // now holds the old folder
            return
        }
        let aside = temporarySibling(of: destination)
        try rename(destination, to: aside)
        do {
            try rename(replacement, to: destination)
        } catch {
            try? rename(aside, to: destination)
            throw error
        }
        putAside(aside)
    }

    private static func rename(_ source: URL, to destination: URL) throws {
        if Foundation.rename(source.path, destination.path) != 0 {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: destination.path,
                    NSLocalizedDescriptionKey:
                        "cannot rename \(source.lastPathComponent) to \(destination.path): \(String(cString: strerror(errno)))",
                ])
        }
    }

    /// A hidden name in the same folder, so the final rename never crosses file systems.
    package static func temporarySibling(of url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
    }

    /// The size of the file at `url` (a symbolic link followed); nil when there is no file.
    package static func fileSize(_ url: URL) -> Int? { fileSize(atPath: url.path) }

    /// One `stat`. `FileManager.attributesOfItem` also lists the extended attributes and reads
    /// /etc/passwd and /etc/group for the owner's names: measured under `strace` on a W1 night,
    /// 3,622 calls opened and read each of those two files 3,622 times (docs/bench-log.md).
    package static func fileSize(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        return Int(info.st_size)
    }

    /// Deletes an SQLite database and the files SQLite keeps beside it (its journal, its
    /// write-ahead log and that log's shared memory); a file that is not there is no error.
    package static func removeDatabase(_ url: URL) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(url.path + suffix) }
    }
}
