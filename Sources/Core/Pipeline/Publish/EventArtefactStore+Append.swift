import Foundation
import MeetupRender
import MeetupSupport

#if canImport(Glibc)
    import Glibc
#endif

extension EventArtefactStore {
    /// Tonight's new texts and a new index appended to last night's file, its kept texts left
    /// where they are; false, with nothing written, when the file is to be written anew: there
    /// is none, or less than half of it would still be in use. Written anew on a W2 night with
    /// one event changed, the whole 100 MB file was copied (105 samples of the render's main
    /// thread in the kernel, perf); appended, that night writes 12 KB of texts and a 1.5 MB index.
    /// What was there is never changed, so a set read from the file reads on; a write that fails
    /// is cut off again, leaving last night's index the file's last.
    func append(_ entries: [(key: String, value: EventArtefacts)]) throws -> Bool {
        let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let end = Int(lseek(descriptor, 0, SEEK_END))
        guard let identity = FileIdentity(descriptor: descriptor), end >= Self.magic.count + Self.trailerLength,
            let plan = Self.plan(entries, keptIn: identity, before: end)
        else { return false }
        var buffer = BinaryWriter(capacity: 1 << 20)
        var written = true
        func flush() {
            written = written && buffer.bytes.withUnsafeBytes { FileOperations.writeAll(descriptor, $0) }
            buffer.removeAll()
        }
        var readable = true
        for ((_, artefacts), kept) in zip(entries, plan.kept) where !kept {
            for field in Self.fields {
                guard let bytes = artefacts.bytes(field), bytes.count == artefacts.length(field) else {
                    readable = false
                    break
                }
                buffer.raw(bytes)
                if buffer.bytes.count >= 1 << 20 { flush() }
            }
        }
        if readable { Self.writeIndex(of: entries, places: plan.places, at: plan.indexOffset, into: &buffer) }
        flush()
        guard readable, written else {
            _ = ftruncate(descriptor, off_t(end))
            guard readable else { return false }
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey: "cannot append to \(file.path): \(String(cString: strerror(errno)))"
                ])
        }
        return true
    }

    /// Where each entry's texts will be: where they are, for those already in the file
    /// (`identity`, up to `end`), else appended after it; nil when less than half of the file
    /// would be in use.
    private static func plan(
        _ entries: [(key: String, value: EventArtefacts)], keptIn identity: FileIdentity, before end: Int
    ) -> (places: [EventArtefacts.Places], kept: [Bool], indexOffset: Int)? {
        var places: [EventArtefacts.Places] = []
        var keptFlags: [Bool] = []
        var inUse = 0
        var next = end
        for (_, artefacts) in entries {
            let stored = artefacts.storedRun.flatMap { run in
                (run.source as? ReadOnlyFile)?.identity == identity && run.offset + run.length <= end ? run.offset : nil
            }
            var offset = stored ?? next
            let entryPlaces = fields.map { field in
                defer { offset += artefacts.length(field) }
                return (offset: offset, length: artefacts.length(field))
            }
            if stored == nil { next = offset }
            inUse += offset - (entryPlaces.first?.offset ?? offset)
            places.append(entryPlaces)
            keptFlags.append(stored != nil)
        }
        guard keptFlags.contains(true), 2 * inUse >= next else { return nil }
        return (places, keptFlags, next)
    }
}
