import Crypto
import Foundation

/// Hex SHA-256 of a text: how untrusted URLs become cache and thumbnail file names.
/// The hash is swift-crypto's (BoringSSL), which the OAuth signing brings in anyway.
package enum ContentHash {
    private static let digits = Array("0123456789abcdef".utf8)

    package static func sha256Hex(_ text: String) -> String {
        hex(SHA256.hash(data: Array(text.utf8)))
    }

    package static func sha256Hex(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    fileprivate static func hex(_ digest: SHA256.Digest) -> String {
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}

extension ContentHash {
    /// One SHA-256 over many parts, each preceded by its length in bytes, so ("ab", "c")
    /// and ("a", "bc") never hash alike whatever the parts contain.
    package struct Builder: Sendable {
        private var hasher = SHA256()
        /// Parts gathered before they are hashed, up to `chunk` bytes: swift-crypto's `update`
        /// has a cost per call beyond its bytes (exclusivity checks, a retain on its box), and
        /// keys hash their parts by the hundred thousand (every event's fields, every page's
        /// events). W1's next night spent 25.8 ms in builders, 22.5 ms gathering (perf, three
        /// nights each). The digest is the one of the same bytes, hashed as they come.
        private var pending: [UInt8] = []
        private static let chunk = 4_096

        package init(_ parts: String...) {
            for part in parts { add(part) }
        }

        package mutating func add(_ part: String) {
            // The string's own bytes, not a copy of them in an array: keys hash every event's
            // fields every night (an array per part was a malloc and a copy each).
            var part = part
            part.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        }

        /// Bytes as one part (their length, then them), as `add(_:)` adds a string's.
        package mutating func add(bytes: [UInt8]) {
            bytes.withUnsafeBytes { append($0) }
        }

        /// One part: its length, then its bytes; hashed a chunk at a time.
        private mutating func append(_ bytes: UnsafeRawBufferPointer) {
            withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { pending.append(contentsOf: $0) }
            pending.append(contentsOf: bytes)
            if pending.count >= Self.chunk {
                pending.withUnsafeBytes { hasher.update(bufferPointer: $0) }
                pending.removeAll(keepingCapacity: true)
            }
        }

        package mutating func add(_ parts: some Sequence<String>) {
            for part in parts { add(part) }
        }

        package func hex() -> String {
            var hasher = hasher
            pending.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            return ContentHash.hex(hasher.finalize())
        }
    }
}
