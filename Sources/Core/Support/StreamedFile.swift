import Foundation

/// A cache file written through a 1 MB buffer into a temporary file beside it, then put in
/// place by one rename: a reader finds last night's file or tonight's, never a torn one,
/// and a night does not hold the file whole (`EventArtefactStore`).
package struct StreamedFile {
    /// The open temporary file, for bytes copied into it by the kernel (after a `flush`).
    package let descriptor: Int32
    private var buffer = BinaryWriter(capacity: 1 << 20)
    private var written = true

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes `file` from what `body` appends; nothing is replaced when a write failed or
    /// `body` threw or returned false. `temporary`: the name written first (default, a random
    /// sibling).
    package static func write(
        _ file: URL, temporary: URL? = nil, _ body: (inout StreamedFile) throws -> Bool
    ) throws {
        try FileOperations.createDirectory(file.deletingLastPathComponent())
        let temporary = temporary ?? FileOperations.temporarySibling(of: file)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary.path)") }
        var stream = StreamedFile(descriptor: descriptor)
        do {
            // Closed however `body` ends: a body that threw left the descriptor open.
            let complete: Bool
            do {
                defer { close(descriptor) }
                complete = try body(&stream)
                stream.flush()
            }
            guard complete, stream.written else { throw failure("cannot write \(temporary.path)") }
            try FileOperations.replace(file, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Appends through the buffer; written out once it holds 1 MB.
    package mutating func append(_ write: (inout BinaryWriter) -> Void) {
        write(&buffer)
        if buffer.bytes.count >= 1 << 20 { flush() }
    }

    package mutating func flush() {
        written = written && buffer.bytes.withUnsafeBytes { FileOperations.writeAll(descriptor, $0) }
        buffer.removeAll()
    }

    private static func failure(_ message: String) -> CocoaError {
        CocoaError(
            .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(message): \(String(cString: strerror(errno)))"])
    }
}
