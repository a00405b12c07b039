import CPlatform
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file held open for reading parts of it when asked (`pread`, safe from any thread), so
/// that what a run may never need is not read into memory. The descriptor keeps the
/// file's contents for as long as the value lives, even once the path names a new file
/// (caches are replaced by rename).
package final class ReadOnlyFile: Sendable {
    private let descriptor: Int32
    /// The file's size when it was opened.
    package let size: Int
    /// Which file it is (device and inode): the same while a path names it, whatever is appended.
    package let identity: FileIdentity

    /// Nil when the file cannot be opened or is not a regular file.
    package init?(_ url: URL) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = Int(status.st_size)
        identity = FileIdentity(status)
    }

    deinit { close(descriptor) }

    /// The `length` bytes at `offset`; nil when they are not all there (the file shrank, or
    /// the disk failed).
    package func bytes(at offset: Int, length: Int) -> [UInt8]? {
        guard holds(offset: offset, length: length) else { return nil }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            count = read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
            complete = count == length
        }
        return complete ? bytes : nil
    }

    /// The same bytes as text, read straight into the string's storage (invalid UTF-8 repaired).
    package func string(at offset: Int, length: Int) -> String? {
        guard holds(offset: offset, length: length) else { return nil }
        guard length > 0 else { return "" }
        var complete = false
        let text = String(unsafeUninitializedCapacity: length) { buffer in
            let count = read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
            complete = count == length
            return count
        }
        return complete ? text : nil
    }

    /// Copies the `length` bytes at `offset` to `output` at its position, in the kernel. Returns
    /// how many were copied: fewer (0 where the file system cannot) leaves the rest to the caller.
    package func copy(at offset: Int, length: Int, to output: Int32) -> Int {
        guard holds(offset: offset, length: length), length > 0 else { return 0 }
        return max(0, Int(mr_copy_file_range(descriptor, Int64(offset), output, Int64(length))))
    }

    /// Has the kernel read the whole file into its cache, in large reads, on a thread of its own
    /// while the caller goes on: for a file whose parts will nearly all be read, in an order of
    /// their own. Read that way from a cold cache, 10,000 texts of W2's 118 MB `events.bin` took
    /// 0.46 s; after `readahead(2)` over the file, 0.15 s, and nothing once it is done (a night's
    /// cache is cold when the system reclaimed it since; `posix_fadvise`'s `WILLNEED` read none
    /// of it ahead here).
    package func readAheadInBackground() {
        Thread.detachNewThread { [self] in readAhead() }
    }

    /// The same on the caller's thread: returns once the kernel has submitted the reads of the
    /// whole file, not when they are done (`ReadOnlyFileTests` counts them).
    package func readAhead() {
        mr_read_ahead(descriptor, Int64(size))
    }

    /// Whether the file held `length` bytes at `offset` when it was opened.
    package func holds(offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= size - length
    }

    private func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var done = 0
        while done < buffer.count, let base = buffer.baseAddress {
            let result = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { break }
            done += result
        }
        return done
    }
}

/// A file as the kernel knows it: its device and inode.
package struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The file open at `descriptor`; nil when it cannot be asked.
    package init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }
}
