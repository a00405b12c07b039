import Foundation

/// A file written in runs of about 1 MB and put in place by a rename: what a caller streams
/// never exists whole in memory, and a reader sees the old file or the new one. One writer,
/// one thread.
package final class BufferedFile {
    private let destination: URL
    private let temporary: URL
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var failed = false

    package init(replacing destination: URL, mode: mode_t = 0o644) throws {
        try FileOperations.createDirectory(destination.deletingLastPathComponent())
        self.destination = destination
        temporary = FileOperations.temporarySibling(of: destination)
        descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey: "cannot create \(temporary.path): \(String(cString: strerror(errno)))"
                ])
        }
        buffer.reserveCapacity(1 << 20)
    }

    package func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    /// Takes `bytes` (emptied, its capacity kept for the next run).
    package func append(_ bytes: inout [UInt8]) {
        buffer.append(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
        if buffer.count >= 1 << 20 { flush() }
    }

    private func flush() {
        failed = failed || !buffer.withUnsafeBytes { FileOperations.writeAll(descriptor, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and renames the file over the destination; on a failure the
    /// destination is left as it was and the temporary file removed.
    package func commit() throws {
        guard descriptor >= 0 else { return }
        flush()
        close(descriptor)
        descriptor = -1
        do {
            guard !failed else {
                throw CocoaError(
                    .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(temporary.path)"])
            }
            try FileOperations.replace(destination, with: temporary)
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Not committed: abandoned, the destination left as it was.
    deinit {
        guard descriptor >= 0 else { return }
        close(descriptor)
        unlink(temporary.path)
    }
}
