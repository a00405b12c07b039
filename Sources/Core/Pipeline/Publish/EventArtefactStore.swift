import Foundation
import MeetupRender
import MeetupSupport

/// Last night's `EventArtefactSet` in the cache (`render/events.bin`), so an unchanged
/// event's description is not parsed and its blocks not rendered again. A flat binary
/// file: a W1 set (1,000 events, 5 MB) reads in a few milliseconds, where JSON took tens.
/// A damaged or foreign file reads as empty: every event is then rendered, nothing lost.
package struct EventArtefactStore: Sendable {
    package let file: URL
    static let magic = Array("MRA2\n".utf8)

    package init(cacheDirectory: URL) {
        file = CacheFolder.renderedEvents(cacheDirectory)
    }

    package func load() -> EventArtefactSet {
        guard let data = try? Data(contentsOf: file, options: .alwaysMapped) else { return EventArtefactSet() }
        return data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard reader.expect(Self.magic) else { return EventArtefactSet() }
            var set = EventArtefactSet()
            while !reader.atEnd {
                guard let key = reader.string(), let plain = reader.string(), let rich = reader.string(),
                    let calendarText = reader.string(), let blockQuery = reader.string(), let blockAll = reader.string()
                else { return EventArtefactSet() }
                set.byKey[key] = EventArtefacts(
                    plain: plain, rich: rich, calendarText: calendarText,
                    blockQuery: blockQuery, blockAll: blockAll)
            }
            return set
        }
    }

    /// Replaces the file atomically; a failure only costs the next night some rendering.
    /// Streamed through a 1 MB buffer: built whole (and copied into `Data`), the W2 set added
    /// about 180 MB to the render's peak.
    package func save(_ set: EventArtefactSet) throws {
        try FileOperations.createDirectory(file.deletingLastPathComponent())
        let temporary = FileOperations.temporarySibling(of: file)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("cannot create \(temporary.path)") }
        var buffer = Self.magic
        buffer.reserveCapacity(1 << 20)
        var written = true
        func flush() {
            written = written && buffer.withUnsafeBytes { FileOperations.writeAll(descriptor, $0) }
            buffer.removeAll(keepingCapacity: true)
        }
        func append(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { buffer.append(contentsOf: $0) }
                buffer.append(contentsOf: utf8)
            }
            if buffer.count >= 1 << 20 { flush() }
        }
        for (key, artefacts) in set.byKey.sorted(by: { $0.key < $1.key }) {
            for part in [
                key, artefacts.plain, artefacts.rich, artefacts.calendarText, artefacts.blockQuery, artefacts.blockAll,
            ] {
                append(part)
            }
        }
        flush()
        close(descriptor)
        do {
            guard written else { throw Self.failure("cannot write \(temporary.path)") }
            try FileOperations.replace(file, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    private static func failure(_ message: String) -> CocoaError {
        CocoaError(
            .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(message): \(String(cString: strerror(errno)))"])
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        mutating func expect(_ prefix: [UInt8]) -> Bool {
            guard bytes.count >= prefix.count, bytes[0..<prefix.count].elementsEqual(prefix) else { return false }
            offset = prefix.count
            return true
        }

        mutating func string() -> String? {
            guard bytes.count - offset >= 4 else { return nil }
            var length = 0
            for index in 0..<4 { length |= Int(bytes[offset + index]) << (8 * index) }
            offset += 4
            guard bytes.count - offset >= length else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
            offset += length
            return text
        }
    }
}
