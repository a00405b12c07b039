import Foundation
import LoopbackServer
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

/// `JSONParser`: RFC 8259, and the writer's output read back.
@Suite("JSON parser")
struct JSONParserTests {
    @Test func jsonWriterRoundTripsThroughTheParser() throws {
        let value = JSONValue.object([
            "b": .array([.number(1), .number(-2.5), .number(1e-7), .bool(true), .null, .object([:]), .array([])]),
            "a": .string("quote \" backslash \\ newline \n tab \t bell \u{07} line-sep \u{2028} 🎉 / </script>"),
        ])
        let text = value.serialized()
        #expect(text.hasPrefix("{\n  \"a\": "), "keys sorted, two-space indent")
        #expect(!text.contains("\u{07}") && text.contains("\\u0007"))
        #expect(try JSONValue.parse(Data(text.utf8)) == value)
    }
    @Test func jsonParserFollowsRFC8259() throws {
        let value = try JSONValue.parse(
            Data(#" {"a": [1, -2.5e3, true, false, null], "s": "x\"\\\/\b\f\n\r\t\u00e9\ud83c\udf89", "e": {}} "#.utf8))
        #expect(value["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
        #expect(value["s"] == .string("x\"\\/\u{08}\u{0C}\n\r\té🎉"))
        #expect(value["e"] == .object([:]))
        let bad = [
            "", "{", "[1,]", #"{"a" 1}"#, "01", "1.", "-", #""\u12""#, "tru", "[1] 2", "\"a\u{01}\"", #"{"a":1,}"#,
            "1e999", #""\x""#,
        ]
        for bad in bad {
            #expect(throws: JSONValue.ParseError.self, "\(bad)") { try JSONValue.parse(Data(bad.utf8)) }
        }
        #expect(try JSONValue.parse(Data(#""\ud800x""#.utf8)) == .string("\u{FFFD}x"), "a lone surrogate is replaced")
    }
}

/// `JSONRepeatedObjects`: the parser hands each object in a named member's place to the table
/// by its bytes, parsed the first time only, and puts the table's stand-in in its place.
@Suite("JSON parser, repeated objects")
struct JSONRepeatedObjectsTests {
    final class Counting: JSONRepeatedObjects {
        let memberName = "node"
        let seen = LockedBox([JSONObjectDigest: JSONValue]())
        let parsed = LockedBox([JSONValue]())
        func known(_ digest: JSONObjectDigest) -> JSONValue? { seen.withLock { $0[digest] } }
        func first(_ value: JSONValue, digest: JSONObjectDigest) -> JSONValue {
            parsed.withLock { $0.append(value) }
            let standIn = JSONValue.string("#\(parsed.withLock { $0.count })")
            seen.withLock { $0[digest] = standIn }
            return standIn
        }
    }

    @Test func eachDistinctObjectIsParsedOnceAndOthersAreLeftAlone() throws {
        let table = Counting()
        let text =
            #"{"a":{"node":{"x":"}\"{","y":[1,{"z":2}]}},"b":[{"node":{"x":2}},"#
            + #"{"node": {"x":"}\"{","y":[1,{"z":2}]}}],"node":3,"c":{"node":[{"x":2}]}}"#
        let value = try JSONValue.parse(Data(text.utf8), repeated: table)
        #expect(value["a"]?["node"] == .string("#1"))
        #expect(value["b"] == .array([.object(["node": .string("#2")]), .object(["node": .string("#1")])]))
        #expect(value["node"] == .number(3) && value["c"]?["node"] == .array([.object(["x": .number(2)])]))
        let plain = try JSONValue.parse(Data(text.utf8))
        #expect(table.parsed.withLock { $0 } == [plain["a"]?["node"], plain["b"]?.arrayValue?.first?["node"]])
        let again = try JSONValue.parse(Data(#"[{"node":{"x":2}}]"#.utf8), repeated: table)
        #expect(again == .array([.object(["node": .string("#2")])]) && table.parsed.withLock { $0.count } == 2)
    }

    @Test func brokenObjectsFailAsWithoutATable() {
        for bad in [#"{"node":{"x":1"#, #"{"node":{"x":"1}"#, #"{"node":{"x":1,}}"#, #"{"node":{"x":01}}"#] {
            #expect(throws: JSONValue.ParseError.self, "\(bad)") {
                try JSONValue.parse(Data(bad.utf8), repeated: Counting())
            }
        }
    }

    /// The closing quote found by `memchr` from quote to quote is the one found byte by byte
    /// (a backslash takes the byte after it), on strings of quotes, backslashes and letters.
    @Test func theClosingQuoteIsTheOneFoundByteByByte() {
        func byteByByte(_ bytes: [UInt8], from start: Int) -> Int {
            var index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(index, bytes.count)
        }
        var random = SeededGenerator(state: 34)
        let alphabet = Array(#"\"a"#.utf8)
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)!
            }
            let start = Int.random(in: 0...bytes.count, using: &random)
            let found = bytes.withUnsafeBufferPointer { JSONParser.closingQuote(in: $0, from: start) }
            #expect(found == byteByByte(bytes, from: start), "\(String(decoding: bytes, as: UTF8.self)) from \(start)")
        }
    }
}
