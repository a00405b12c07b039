import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `EventNodes`: each event node read once however many answers hold it, and each answer's
/// events exactly those it would map to without the table.
@Suite("Event nodes")
struct EventNodesTests {
    static let lagos = "meetupr/group-events-rladies-lagos-1.json"
    static let network = "meetupr/pro-events-3.json"

    /// Recorded answers read twice (as two queries finding the same events would) map to the
    /// same pages as without the table, and the table read each of their 18 nodes once.
    @Test func eachNodeIsReadOnceAndPagesMapAsWithout() throws {
        let nodes = EventNodes()
        for name in [Self.lagos, Self.network, Self.lagos, Self.network] {
            let data = try Fixtures.data(name)
            #expect(try EventMapper.page(from: data, nodes: nodes) == EventMapper.page(from: data), "\(name)")
        }
        #expect(nodes.count == 13 + 5)
        nodes.removeAll()
        #expect(nodes.count == 0)
    }

    /// A node that changed between two answers (a title, one byte apart) is its own: the
    /// second answer has the new title, the first answer's copies keep theirs.
    @Test func aNodeThatDiffersIsReadAsItsOwn() throws {
        let nodes = EventNodes()
        let data = try Fixtures.data(Self.lagos)
        let text = String(decoding: data, as: UTF8.self)
        let renamed = Data(text.replacingOccurrences(of: "Data Mining using  R", with: "Data Mining using  S").utf8)
        #expect(renamed != data)
        let before = try EventMapper.page(from: data, nodes: nodes)
        let after = try EventMapper.page(from: renamed, nodes: nodes)
        #expect(after == (try EventMapper.page(from: renamed)))
        #expect(after.events.contains { $0.title == "Data Mining using S" })
        #expect(!before.events.contains { $0.title == "Data Mining using S" })
        #expect(nodes.count == 14)
    }

    /// Only objects go through the table: a node that is a number (as a stand-in's number
    /// would be) is not an event, and a withdrawn event stays skipped on every reading.
    @Test func onlyObjectsInANodesPlaceAreStandIns() throws {
        let nodes = EventNodes()
        func answer(_ edges: String) -> Data {
            Data(#"{"data":{"eventSearch":{"pageInfo":{"hasNextPage":false},"edges":[\#(edges)]}}}"#.utf8)
        }
        let node = #"{"id":"1","title":"Quoted \"}] and \\","dateTime":"2026-12-01T19:00+01:00"}"#
        let withdrawn = #"{"id":"2","title":"Off","dateTime":"2026-12-02T19:00+01:00","status":"CANCELLED"}"#
        let first = try EventMapper.page(from: answer(#"{"node":\#(node)},{"node":\#(withdrawn)}"#), nodes: nodes)
        #expect(first.events.map(\.title) == [#"Quoted "}] and \"#] && first.skippedCount == 1)
        let again = try EventMapper.page(
            from: answer(#"{"node":0},{"node":\#(withdrawn)},{"node":\#(node)}"#), nodes: nodes)
        #expect(again.events.map(\.id) == ["1"] && again.skippedCount == 2)
        #expect(nodes.count == 2)
    }

    /// An answer nested past the parser's limit inside a node fails as it does without the table.
    @Test func aNodeNestedTooDeeplyFailsTheAnswer() {
        let deep = String(repeating: "[", count: 120) + String(repeating: "]", count: 120)
        let data = Data(#"{"data":{"eventSearch":{"edges":[{"node":{"id":"1","x":\#(deep)}}]}}}"#.utf8)
        #expect(throws: PageMappingError.self) { try EventMapper.page(from: data, nodes: EventNodes()) }
        #expect(throws: PageMappingError.self) { try EventMapper.page(from: data) }
    }
}
