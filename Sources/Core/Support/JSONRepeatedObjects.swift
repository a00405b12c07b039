import Crypto
import Foundation

/// Objects that recur byte for byte across many documents, read once.
///
/// One query's page and another's hold the same event as the same bytes: W2's 10,000 events
/// arrive as 30,000 nodes (each found by 3 of 20 queries), and the tree of each copy was built,
/// mapped and freed. Given a table, the parser reads the bytes of every object that is the value
/// of `memberName`, and asks the table by their SHA-256 what to put in the tree instead: the
/// first time, after parsing them (`first`); every later time, without (`known`). A JSON value
/// is its bytes, so the table sees each distinct object once, and keeps no copy of the bytes.
package protocol JSONRepeatedObjects: Sendable {
    /// The member whose object values go through the table ("node" for a GraphQL edge).
    var memberName: String { get }
    /// What stands in the tree for bytes the table was given before; nil: parse them.
    func known(_ digest: JSONObjectDigest) -> JSONValue?
    /// What stands in the tree for bytes seen for the first time, given their parsed value.
    func first(_ value: JSONValue, digest: JSONObjectDigest) -> JSONValue
}

/// The SHA-256 of an object's bytes: two different objects never meet, whatever a document holds.
package struct JSONObjectDigest: Hashable, Sendable {
    private let words: SIMD4<UInt64>

    init(_ digest: SHA256.Digest) {
        words = digest.withUnsafeBytes { Self.words($0) }
    }

    private static func words(_ raw: UnsafeRawBufferPointer) -> SIMD4<UInt64> {
        var words = SIMD4<UInt64>()
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw.prefix(32))) }
        return words
    }
}

extension JSONParser {
    /// The end (one past the closing brace) of the object starting at `start`, found without
    /// building anything; nil if the bytes end first or nest deeper than `maximumDepth` from
    /// `depth`. It need not reject what the parser would: a span is only ever matched against
    /// spans the parser read whole, and a JSON value is determined by its bytes.
    static func endOfObject(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, depth: Int, maximumDepth: Int
    ) -> Int? {
        var index = start
        var level = depth - 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = closingQuote(in: bytes, from: index + 1)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
                if level > maximumDepth { return nil }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level -= 1
                if level < depth { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index of the quote that ends the string whose text starts at `start` (`bytes.count`
    /// if none does): the first quote after an even number of backslashes. Found by `memchr`
    /// from quote to quote, not byte by byte: W2's nodes are 58 MB a night, mostly the text of
    /// descriptions, and finding where each ends is most of what a repeated node costs.
    static func closingQuote(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var from = start
        while from < bytes.count {
            guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) else { break }
            let quote = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while quote - backslashes > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return bytes.count
    }

    /// The digest of `bytes[start..<end]`.
    static func digest(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> JSONObjectDigest {
        var hash = SHA256()
        hash.update(bufferPointer: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
        return JSONObjectDigest(hash.finalize())
    }
}
