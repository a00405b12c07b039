import Foundation
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupSupport
import Testing

/// `JSONObjectWriter`, and `archive.json`'s entries written with it: the same bytes as the
/// `JSONValue` trees they replace.
@Suite("JSON object writer")
struct JSONObjectWriterTests {
    @Test func membersWrittenOneByOneAreTheObjectsBytesAtEveryLevel() {
        let tree = JSONValue.object([
            "a": .bool(false), "b": .string("line\n\"q\" \u{2028}"), "e": .array([]), "n": .number(-12),
            "o": .object(["x": .string("y"), "z": .array([.string("1"), .string("2")])]), "p": .object([:]),
        ])
        for indent in [nil, 0, 4] {
            let written = JSONObjectWriter.write(indent: indent) { object in
                object.add("a", false)
                object.add("b", "line\n\"q\" \u{2028}")
                object.add("e", [String]())
                object.add("n", -12)
                object.add("o") { nested in
                    nested.add("x", "y")
                    nested.add("z", ["1", "2"])
                }
                object.add("p") { _ in }
            }
            let expected = indent.map { tree.serialized(indent: $0) } ?? tree.compactJSON
            #expect(String(decoding: written, as: UTF8.self) == expected)
        }
        #expect(JSONObjectWriter.write(indent: 4) { _ in } == Array("{}".utf8))
    }

    /// Every optional field there and gone, text that needs cleaning and escaping, a link that
    /// is not a web one, past and upcoming.
    @Test func anArchiveEntryIsWhatItsTreeWasWritten() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let full = ArchivedEvent(
            id: "301", title: "Tidy \"data\"\nnight\u{2028}",
            start: ZonedDate(
                date: now.addingTimeInterval(-60),
                utcOffsetSeconds: 3600), end: now,
            group: ArchivedGroupRef(id: "9", urlname: "rladies-x", name: "R\tLadies"),
            networkEventID: "n1", isOnline: true, city: "Zürich", country: "ch", going: 41,
            url: URL(string: "https://www.meetup.com/rladies-x/events/301/"), isCancelled: true, queryIDs: ["b", "a"])
        let bare = ArchivedEvent(
            id: "302", title: "Bare", start: ZonedDate(date: now.addingTimeInterval(60), utcOffsetSeconds: -18_000),
            group: ArchivedGroupRef(id: nil, urlname: nil, name: "Cal"), url: URL(string: "javascript:alert(1)"))
        let none = ArchivedEvent(id: "303", title: "", start: ZonedDate(date: now, utcOffsetSeconds: 0))
        for event in [full, bare, none] {
            let written = String(decoding: ArchiveJSON.entry(event, now: now), as: UTF8.self)
            #expect(written == Self.tree(event, now: now).serialized(indent: 4))
        }
    }

    /// How `archive.json` wrote an event before: a tree of values.
    static func tree(_ event: ArchivedEvent, now: Date) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(event.id), "title": .string(TextCleaning.singleLine(event.title)),
            "start": .string(ISO8601.format(event.start)), "online": .bool(event.isOnline),
            "hybrid": .bool(event.isHybrid),
            "past": .bool(event.start.date < now), "cancelled": .bool(event.isCancelled),
            "queries": .array(event.queryIDs.map(JSONValue.string)),
        ]
        if let end = event.end { object["end"] = .string(ISO8601.formatUTC(end)) }
        if let group = event.group {
            var value: [String: JSONValue] = ["name": .string(TextCleaning.singleLine(group.name))]
            if let id = group.id { value["id"] = .string(id) }
            if let urlname = group.urlname { value["urlname"] = .string(urlname) }
            object["group"] = .object(value)
        }
        if let network = event.networkEventID { object["networkEvent"] = .string(network) }
        if let city = event.city { object["city"] = .string(city) }
        if let country = event.country { object["country"] = .string(country) }
        if let going = event.going { object["going"] = .number(Double(going)) }
        if let url = event.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            object["url"] = .string(url.absoluteString)
        }
        return .object(object)
    }
}
