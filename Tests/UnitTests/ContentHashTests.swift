import Foundation
@testable import MeetupConfig
@testable import MeetupFetch
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `ContentHash`: SHA-256 against known vectors.
@Suite("Content hash")
struct ContentHashTests {
    @Test func sha256MatchesKnownVectors() {
        #expect(ContentHash.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            ContentHash.sha256Hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// A builder hashes each part's length (8 bytes, little-endian) and then its UTF-8 bytes, whatever
    /// string holds them (a native string, a substring made into one, a bridged one).
    @Test func aBuilderHashesLengthsAndBytesOfItsParts() {
        let expected = "3012a39a4fc3da69a5fca674ece5142a9fd633792a84fe1aee022c70a76b7d0d"
        #expect(ContentHash.Builder("ab", "c", "café ☕").hex() == expected)
        var built = ContentHash.Builder()
        built.add(["xab".dropFirst().description, String("c"), NSString(string: "café ☕") as String])
        #expect(built.hex() == expected)
        #expect(ContentHash.Builder("a", "bc", "café ☕").hex() != expected)
    }

    /// Parts gathered in chunks hash as the same bytes hashed as they came: 20,000 parts of
    /// every length from 0 to 9,000 bytes (some longer than a chunk), against one SHA-256 of the
    /// lengths and bytes laid end to end; a key asked for twice, or after more parts, is as if
    /// asked once.
    @Test func partsGatheredInChunksHashAsTheirBytes() {
        var generator = SystemRandomNumberGenerator()
        var builder = ContentHash.Builder()
        var stream: [UInt8] = []
        for index in 0..<20_000 {
            let length = index % 997 == 0 ? Int.random(in: 4_000...9_000, using: &generator) : index % 61
            let part = String(repeating: index % 3 == 0 ? "é" : "x", count: length / (index % 3 == 0 ? 2 : 1))
            builder.add(part)
            withUnsafeBytes(of: UInt64(part.utf8.count).littleEndian) { stream.append(contentsOf: $0) }
            stream.append(contentsOf: part.utf8)
            if index == 7 || index == 10_000 {
                #expect(builder.hex() == ContentHash.sha256Hex(Data(stream)))
                #expect(builder.hex() == ContentHash.sha256Hex(Data(stream)), "asked twice")
            }
        }
        #expect(stream.count > 500_000)
        #expect(builder.hex() == ContentHash.sha256Hex(Data(stream)))
    }
}
