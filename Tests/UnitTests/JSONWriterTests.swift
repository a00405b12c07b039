import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `JSONWriter`: escaping, and what the parser reads back.
@Suite("JSON writing")
struct JSONWriterTests {
    /// The byte-run writer escapes exactly what the per-scalar one did.
    @Test func stringsAreEscapedAsBeforeAndReadBack() throws {
        let text = "plain \"quoted\" back\\slash\n\r\t\u{1}\u{1F} é 😀 \u{2028}\u{2029} end"
        let written = JSONValue.string(text).compactJSON
        #expect(written == "\"plain \\\"quoted\\\" back\\\\slash\\n\\r\\t\\u0001\\u001f é 😀 \\u2028\\u2029 end\"")
        #expect(try JSONValue.parse(Data(written.utf8)) == .string(text))
        #expect(JSONValue.string("").compactJSON == "\"\"")
    }
    /// Escapes decoded into one byte buffer: the same text as before, lone
    /// surrogates replaced, raw UTF-8 between escapes kept.
    @Test func escapesAreDecoded() throws {
        let json = #""é\n\t\"q\" \\ \/ \u00e9\ud83d\ude00 lone \ud800x \udc00 pair-broken \ud83d\u0041 end😀""#
        let expected = "é\n\t\"q\" \\ / é😀 lone \u{FFFD}x \u{FFFD} pair-broken \u{FFFD}A end😀"
        #expect(try JSONValue.parse(Data(json.utf8)) == .string(expected))
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data("\"a\\qb\"".utf8)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data("\"a\\nb\u{01}\"".utf8)) }
    }

    /// An object with one array written item by item is the same text as the whole tree.
    @Test func anArrayWrittenItemByItemIsTheWholeTreesText() throws {
        let header = JSONValue.object([
            "b": .number(1), "z": .array([.string("x")]), "nested": .object(["k": .bool(true), "e": .array([])]),
        ])
        for items in [
            [], [JSONValue.string("one")], [.object(["a": .null, "n": .number(2.5)]), .array([.number(1)])],
        ] {
            guard case .object(var members) = header else { return }
            members["events"] = .array(items)
            let whole = Data(JSONValue.object(members).serialized().utf8)
            #expect(header.serializedData(adding: "events", items: items.lazy.map { $0 }) == whole)
            // Items written ahead at their level (kept with an event's artefacts), then copied in.
            let written = items.map { Array($0.serialized(indent: 4).utf8) }
            #expect(header.serializedData(adding: "events", rawItems: written) == whole)
            var runs: [UInt8] = []
            header.write(adding: "events", rawItems: written) {
                runs += $0; $0.removeAll()
            }
            #expect(Data(runs) == whole)
            #expect(try JSONValue.parse(whole) == .object(members))
            // And as an object's members, in sorted order.
            let named = items.enumerated().map { ("k\($0.offset)", $0.element) }
            members["events"] = .object(Dictionary(uniqueKeysWithValues: named))
            #expect(
                header.serializedData(adding: "events", members: named.lazy.map { $0 })
                    == Data(JSONValue.object(members).serialized().utf8))
        }
    }

    /// Handed out in runs to a sink (events.json straight to its file): the same bytes, in more
    /// than one run once past 1 MB, each run taken out of the writer's buffer.
    @Test func anArrayWrittenToASinkIsTheSameText() throws {
        let header = JSONValue.object(["schemaVersion": .number(2)])
        let items = (0..<3_000).map {
            JSONValue.object(["id": .string("e\($0)"), "text": .string(String(repeating: "é", count: 300))])
        }
        var runs: [[UInt8]] = []
        header.write(adding: "events", items: items.lazy.map { $0 }) { output in
            runs.append(output)
            output.removeAll()
        }
        #expect(runs.count > 1, "1.8 MB: at least one run before the end")
        #expect(Data(runs.joined()) == header.serializedData(adding: "events", items: items))
        var small: [[UInt8]] = []
        header.write(adding: "events", items: [JSONValue]()) {
            small.append($0); $0.removeAll()
        }
        #expect(small.count == 1 && Data(small[0]) == header.serializedData(adding: "events", items: [JSONValue]()))
    }
}
