import Foundation
@testable import MeetupSupport
import Testing

/// `Gzip` (zlib's inflate) on streams made by Python's gzip module: what comes out, and what
/// it refuses.
@Suite("Gzip")
struct GzipTests {
    /// `gzip.compress(b"pagefind_dcd" + b"\x82\x65hello\x63abc", mtime=0)`.
    let small = Data(base64Encoded: "H4sIAAAAAAACAytITE9Ny8xLiU9JTmlKzUjNyclPTkxKBgB/QidiFwAAAA==") ?? Data()
    /// `gzip.compress(b"pagefind_dcd" + b"x" * 1000, mtime=0)`: 40 bytes for 1,012.
    let large = Data(base64Encoded: "H4sIAAAAAAACAytITE9Ny8xLiU9JTqkYBaNgFAx7AAB9n8eI9AMAAA==") ?? Data()

    @Test func aWholeStreamComesOutAsItWent() throws {
        #expect(
            try Gzip.decompress(small, limit: 1_000) == Data("pagefind_dcd".utf8) + [0x82, 0x65] + Data("hello".utf8)
                + [0x63] + Data("abc".utf8))
        let out = try Gzip.decompress(large, limit: 1_012)
        #expect(out.count == 1_012 && out.suffix(1_000).allSatisfy { $0 == UInt8(ascii: "x") })
    }

    @Test func moreThanTheLimitIsRefused() {
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress(large, limit: 1_011) }
    }

    @Test func aStreamCutShortOrNotGzipIsRefused() {
        for (data, reason) in [
            (large.prefix(large.count - 9), "cut short"), (Data("pagefind_dcd".utf8), "not gzip"),
            (Data(), "cut short"),
        ] {
            do {
                _ = try Gzip.decompress(data, limit: 1 << 20)
                Issue.record("\(data.count) bytes decompressed")
            } catch {
                #expect(error.description.contains(reason), "\(data.count) bytes: \(error)")
            }
        }
    }
}
