import CPlatform
import Foundation

/// Substring search on bytes with glibc's `memmem` (two-way, vectorised).
package enum ByteSearch {
    package static func contains(_ needle: [UInt8], in text: [UInt8]) -> Bool {
        text.withUnsafeBytes { contains(needle, in: $0) }
    }

    /// In an answer's bytes: Foundation's `Data.range(of:)` searches byte by byte through
    /// generic code, a sixth of the CPU of reading W2's 59 MB of API answers (perf).
    package static func contains(_ needle: [UInt8], in data: Data) -> Bool {
        data.withUnsafeBytes { contains(needle, in: $0) }
    }

    private static func contains(_ needle: [UInt8], in text: UnsafeRawBufferPointer) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= text.count else { return false }
        return needle.withUnsafeBytes { needle in
            mr_contains_bytes(text.baseAddress, text.count, needle.baseAddress, needle.count) != 0
        }
    }
}
