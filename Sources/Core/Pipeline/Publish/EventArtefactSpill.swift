import Foundation
import MeetupRender
import MeetupSupport

/// Tonight's made event texts, written to a file in the cache (`render/events.spill`) as the
/// render makes them and read from it when a page asks (`SiteRenderer.render(spill:)`): a cold
/// night need not hold every event's texts at once (W2's 10,000 were 42 MB of the cold night's
/// heap peak, heaptrack). The texts are then kept for the next night in `render/events.bin` as
/// before; this file goes when the render is done (`remove`).
package final class EventArtefactSpill: Sendable {
    package let file: URL
    private struct State: Sendable {
        var descriptor: Int32 = -1
        var offset = 0
        var failed = false
    }
    private let state = LockedBox(State())

    package init(cacheDirectory: URL) {
        file = CacheFolder.render(cacheDirectory).appendingPathComponent("events.spill")
    }

    /// `made`'s texts appended to the file and read back from it; nil (they stay in memory)
    /// when the file cannot be written.
    package func write(_ made: [String: EventArtefacts]) -> [String: EventArtefacts]? {
        state.withLock { state -> [String: EventArtefacts]? in
            guard !state.failed, open(&state) else { return nil }
            var buffer: [UInt8] = []
            var places: [String: EventArtefacts.Places] = [:]
            var offset = state.offset
            for (id, artefacts) in made {
                var its: EventArtefacts.Places = []
                for field in EventArtefacts.Field.allCases {
                    let bytes = artefacts.bytes(field) ?? []
                    its.append((offset, bytes.count))
                    offset += bytes.count
                    buffer.append(contentsOf: bytes)
                }
                places[id] = its
            }
            guard buffer.withUnsafeBytes({ FileOperations.writeAll(state.descriptor, $0) }) else {
                state.failed = true  // later offsets would not be where the texts are
                return nil
            }
            state.offset = offset
            guard let reader = ReadOnlyFile(file) else { return nil }
            var spilled: [String: EventArtefacts] = [:]
            for (id, its) in places {
                guard let artefacts = EventArtefacts(file: reader, places: its) else { return nil }
                spilled[id] = artefacts
            }
            return spilled
        }
    }

    private func open(_ state: inout State) -> Bool {
        guard state.descriptor < 0 else { return true }
        try? FileOperations.createDirectory(file.deletingLastPathComponent())
        state.descriptor = Glibc.open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        state.failed = state.descriptor < 0
        return !state.failed
    }

    /// Closes and removes the file; texts still read from it keep it open until they go.
    package func remove() {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
            state.failed = true
        }
        unlink(file.path)
    }
}
