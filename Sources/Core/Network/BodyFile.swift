import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import MeetupSupport
import NIOCore

/// A body being written into a file of the caller's folder (never `$TMPDIR`), handed over only
/// once the transfer finished cleanly; every other path removes it.
struct BodyFile {
    let url: URL
    private var descriptor: Int32

    init(in directory: URL) throws(TransportFailure) {
        url = directory.appendingPathComponent(UUID().uuidString + ".part")
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .network("cannot write the body into \(directory.path) (\(String(cString: strerror(errno))))")
        }
    }

    func write(_ buffer: ByteBuffer) throws(TransportFailure) {
        let written = buffer.withUnsafeReadableBytes { FileOperations.writeAll(descriptor, $0) }
        guard written else { throw .network("cannot write the body (\(String(cString: strerror(errno))))") }
    }

    /// Closes the file and hands it over.
    mutating func finish() throws(TransportFailure) -> URL {
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else {
            unlink(url.path)
            throw .network("cannot write the body (\(String(cString: strerror(errno))))")
        }
        return url
    }

    /// Closes and removes the file.
    mutating func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(url.path)
    }
}
