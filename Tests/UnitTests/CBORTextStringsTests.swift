@testable import MeetupSupport
import Testing

/// `CBORTextStrings` on documents written by hand from RFC 8949's encoding.
@Suite("CBOR text strings")
struct CBORTextStringsTests {
    /// `["1.5.2", [["en_abc", 10]], [["a", "z", "en_def"]], {"x": 1.5}, 24(h'00'), -500]`, the
    /// shape of Pagefind's metadata with a map, a float, a tag and byte strings among it.
    let document: [UInt8] =
        [0x86, 0x65] + Array("1.5.2".utf8) + [0x81, 0x82, 0x66] + Array("en_abc".utf8) + [0x0a]
        + [0x81, 0x83, 0x61, 0x61, 0x61, 0x7a, 0x66] + Array("en_def".utf8)
        + [0xa1, 0x61, 0x78, 0xf9, 0x3e, 0x00] + [0xd8, 0x18, 0x41, 0x00] + [0x39, 0x01, 0xf3]

    @Test func everyTextStringIsFoundInOrder() throws {
        #expect(try CBORTextStrings.all(in: document) == ["1.5.2", "en_abc", "a", "z", "en_def", "x"])
    }

    @Test func lengthsInLongerHeadsAndIndefiniteOnesAreRead() throws {
        let long = String(repeating: "w", count: 300)
        // A string whose length takes two bytes; an indefinite-length array of it, ended by a break.
        let bytes: [UInt8] = [0x9f, 0x79, 0x01, 0x2c] + Array(long.utf8) + [0x78, 0x02] + Array("ok".utf8) + [0xff]
        #expect(try CBORTextStrings.all(in: bytes) == [long, "ok"])
    }

    @Test func aDocumentCutShortOrNotCBORIsRefused() {
        for bytes in [Array(document.dropLast(15)), [0x79, 0x01], [0x1c], [0x66] + Array("abc".utf8)] {
            #expect(throws: CBORTextStrings.Failure.self, "\(bytes)") { try CBORTextStrings.all(in: bytes) }
        }
    }
}
