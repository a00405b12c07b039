import Foundation
@testable import MeetupSupport
import Testing

/// `CanonicalEncoding`: what `ContentHash.of` hashes. A key made from it must tell apart every
/// two values that differ and never two that are the same.
@Suite("Canonical encoding")
struct CanonicalEncodingTests {
    struct Page: Encodable, Equatable {
        var title: String
        var start: Date
        var image: String?
        var count: Int
        var share: Double
        var isQuiet: Bool
        var links: [String]
        var byGroup: [String: Int]
        var nested: [[Int]]
    }

    static let page = Page(
        title: "Swift meetup", start: Date(timeIntervalSince1970: 1_796_000_000), image: "thumbs/a.jpg", count: 3,
        share: 0.5, isQuiet: false, links: ["q/a", "q/b"], byGroup: ["a": 1, "b": 2], nested: [[1], [2]])

    /// A dictionary's entries come in the order of its storage, which differs between two
    /// dictionaries of the same entries (and between processes): the encoding does not.
    @Test func aDictionaryEncodesAlikeWhateverItsOrder() throws {
        var small = [String: Int]()
        var large = [String: Int](minimumCapacity: 4_096)
        for index in 0..<200 { small["group-\(index)"] = index }
        for index in (0..<200).reversed() { large["group-\(index)"] = index }
        #expect(Array(small.keys) != Array(large.keys), "the two iterate in different orders")
        #expect(try CanonicalEncoding.bytes(of: small) == CanonicalEncoding.bytes(of: large))
        #expect(ContentHash.of(small, kind: "k") == ContentHash.of(large, kind: "k"))
    }

    /// Every field is in the encoding: changing any one of them changes the key.
    @Test func everyFieldIsInTheKey() {
        let base = ContentHash.of(Self.page, kind: "page")
        #expect(ContentHash.of(Self.page, kind: "page") == base)
        var changes: [Page] = []
        func change(_ edit: (inout Page) -> Void) {
            var page = Self.page
            edit(&page)
            changes.append(page)
        }
        change { $0.title = "Swift meetup!" }
        change { $0.start = $0.start.addingTimeInterval(1) }
        change { $0.image = nil }
        change { $0.image = "" }
        change { $0.count = 4 }
        change { $0.share = 0.25 }
        change { $0.isQuiet = true }
        change { $0.links = ["q/a"] }
        change { $0.links = ["q/b", "q/a"] }
        change { $0.byGroup["b"] = 3 }
        change { $0.byGroup["c"] = 2 }
        change { $0.nested = [[1, 2]] }
        change { $0.nested = [[1], [2], []] }
        let keys = changes.map { ContentHash.of($0, kind: "page") }
        #expect(!keys.contains(base))
        #expect(Set(keys).count == keys.count, "every change gives a key of its own")
        #expect(ContentHash.of(Self.page, kind: "other page") != base, "the kind is in the key")
    }

    /// Parts that run together in text never encode alike: lengths and kinds are written.
    @Test func boundariesAndKindsAreWritten() throws {
        func bytes(_ value: some Encodable) throws -> [UInt8] { try CanonicalEncoding.bytes(of: value) }
        #expect(try bytes(["ab", "c"]) != bytes(["a", "bc"]))
        #expect(try bytes([[1], [2]]) != bytes([[1, 2]]))
        #expect(try bytes(["a": "b"]) != bytes(["ab": ""]))
        let ones: [[UInt8]] = [try bytes(1), try bytes(1.0), try bytes(true), try bytes("1"), try bytes(UInt8(1))]
        #expect(Set(ones).count == ones.count, "an Int, a Double, a Bool, a String and a UInt8 differ")
        #expect(try bytes([String?.none]) != bytes([""]))
        #expect(try bytes([String]()) != bytes([String: String]()))
    }
}
