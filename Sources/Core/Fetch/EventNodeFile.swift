import Foundation
import MeetupModel
import MeetupSupport

/// Last night's distinct event nodes in the cache (`event-nodes.bin`): the digest of each
/// node's bytes and the event mapped from them, with its fingerprint. A node that arrives
/// tonight with the same bytes is neither parsed nor mapped nor fingerprinted again
/// (`EventNodes`): on W2's next night those were 0.3 s of CPU on the two cores the fetch
/// needs (`meetup-report-bench --parse-only`: "each node once" against "every node known").
/// Written by another binary (`BuildInfo.identity`: a new mapper may map the same bytes
/// otherwise), damaged or missing, it reads as empty and every node is read as before.
///
///     "MRN1\n", identity length (UInt32), identity, count (UInt32),
///     per node: its digest (32 bytes), length (UInt32), the event (`Event.write(to:)`).
package struct EventNodeFile: Sendable {
    package let file: URL
    private let identity: String
    static let magic = Array("MRN1\n".utf8)

    package init(cacheDirectory: URL, identity: String = BuildInfo.identity) {
        file = CacheFolder.eventNodes(cacheDirectory)
        self.identity = identity
    }

    /// The nodes kept, by digest; empty when the file is missing, damaged or another binary's.
    package func load() -> [JSONObjectDigest: Event] {
        guard let opened = ReadOnlyFile(file) else { return [:] }
        var chunks = Chunks(file: opened)
        guard let magic = chunks.take(Self.magic.count), magic.elementsEqual(Self.magic),
            let length = chunks.integer(4), let stored = chunks.take(length),
            String(decoding: stored, as: UTF8.self) == identity, let count = chunks.integer(4)
        else { return [:] }
        var nodes: [JSONObjectDigest: Event] = [:]
        nodes.reserveCapacity(count)
        for _ in 0..<count {
            guard let digest = chunks.take(32).flatMap(JSONObjectDigest.init(bytes:)), let length = chunks.integer(4),
                let bytes = chunks.take(length)
            else { return [:] }
            var reader = BinaryReader(bytes: bytes)
            guard let event = Event(reading: &reader), reader.atEnd else { return [:] }
            nodes[digest] = event
        }
        return chunks.atEnd ? nodes : [:]
    }

    /// Replaces the file atomically with `nodes`, streamed through a 1 MB buffer.
    package func save(_ nodes: [(digest: JSONObjectDigest, event: Event)]) throws {
        // One name, not a random one: a run that ends while this is written (`keepInBackground`)
        // leaves a part the next one writes over, not a file a night.
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".event-nodes.bin.part")
        try StreamedFile.write(file, temporary: temporary) { stream in
            stream.append { header in
                header.raw(Self.magic)
                header.string(identity)
                header.integer(nodes.count, size: 4)
            }
            var event = BinaryWriter(capacity: 1 << 14)
            for node in nodes {
                event.removeAll()
                node.event.write(to: &event)
                stream.append { buffer in
                    buffer.raw(node.digest.bytes)
                    buffer.integer(event.bytes.count, size: 4)
                    buffer.raw(event.bytes)
                }
            }
            return true
        }
    }

    /// The file read front to back in windows of 1 MB or more, so a night does not hold it whole.
    private struct Chunks {
        let file: ReadOnlyFile
        var window: ArraySlice<UInt8> = []
        var offset = 0

        init(file: ReadOnlyFile) { self.file = file }

        var atEnd: Bool { window.isEmpty && offset >= file.size }

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0 else { return nil }
            if window.count < count {
                let length = min(max(count, 1 << 20), file.size - offset + window.count)
                guard length >= count, let read = file.bytes(at: offset - window.count, length: length) else {
                    return nil
                }
                offset += length - window.count
                window = read[...]
            }
            defer { window = window.dropFirst(count) }
            return window.prefix(count)
        }

        mutating func integer(_ size: Int) -> Int? {
            take(size).flatMap { bytes in
                var reader = BinaryReader(bytes: bytes)
                return reader.integer(size)
            }
        }
    }
}
