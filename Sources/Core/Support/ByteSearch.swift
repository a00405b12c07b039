import CPlatform

/// Substring search on bytes with glibc's `memmem` (two-way, vectorised).
package enum ByteSearch {
    package static func contains(_ needle: [UInt8], in text: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= text.count else { return false }
        return text.withUnsafeBytes { text in
            needle.withUnsafeBytes { needle in
                mr_contains_bytes(text.baseAddress, text.count, needle.baseAddress, needle.count) != 0
            }
        }
    }
}
