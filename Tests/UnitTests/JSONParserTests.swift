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
