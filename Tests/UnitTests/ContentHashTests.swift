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
}
