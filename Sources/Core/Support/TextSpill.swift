import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Texts kept in a file instead of in memory: appended as they are made, each read back
/// (`pread`) when asked. For what a run makes once and reads a few times later, such as each
/// event's calendar entry (W2's 10,000 were 20 MB of the cold render's heap peak, heaptrack).
/// Safe from any thread; a text appended is readable at once. A file that cannot be written
/// fails every later append (nil), so the caller keeps its texts in memory instead.
package final class TextSpill: Sendable {
    /// Where a text is in the file.
    package struct Place: Sendable, Equatable {
        package var offset: Int
        package var length: Int
    }

    package let file: URL
    private struct State: Sendable {
        var descriptor: Int32 = -1
        var offset = 0
        var failed = false
        /// Opened after the last append: its size covers every place handed out.
        var reader: ReadOnlyFile?
    }
    private let state = LockedBox(State())

    /// The file is created (or emptied) by the first append.
    package init(file: URL) { self.file = file }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
        }
    }

    /// Appends `texts` in one write and says where each one is; nil when the file cannot be
    /// written (nothing of them is then in it).
    package func append(_ texts: [String]) -> [Place]? {
        state.withLock { state -> [Place]? in
            guard !state.failed, open(&state) else { return nil }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count })
            var places: [Place] = []
            places.reserveCapacity(texts.count)
            for text in texts {
                places.append(Place(offset: state.offset + buffer.count, length: text.utf8.count))
                buffer.append(contentsOf: text.utf8)
            }
            guard buffer.withUnsafeBytes({ FileOperations.writeAll(state.descriptor, $0) }),
                let reader = ReadOnlyFile(file)
            else {
                state.failed = true  // later offsets would not be where the texts are
                return nil
            }
            state.offset += buffer.count
            state.reader = reader
            return places
        }
    }

    /// The file as it is now, for reading the places appended so far (nil before the first).
    package var reader: ReadOnlyFile? { state.withLock { $0.reader } }

    /// The text at `place`; nil if the file does not give it (it was never appended, or the
    /// disk failed).
    package func text(at place: Place) -> String? {
        reader?.string(at: place.offset, length: place.length)
    }

    private func open(_ state: inout State) -> Bool {
        guard state.descriptor < 0 else { return true }
        try? FileOperations.createDirectory(file.deletingLastPathComponent())
        state.descriptor = Glibc.open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        state.failed = state.descriptor < 0
        return !state.failed
    }

    /// Closes and removes the file; texts already read, or a reader still held, are unaffected.
    package func remove() {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
            state.failed = true
        }
        unlink(file.path)
    }
}
