import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `EventNodeFile` and `EventNodes` given one: last night's nodes known by their bytes'
/// digest, tonight's kept only when they changed, any other file read as none.
@Suite("Event node file")
struct EventNodeFileTests {
    static let lagos = "meetupr/group-events-rladies-lagos-1.json"

    /// A night reading what the night before kept maps the same events, and every node it
    /// gets from the file: an event put in the file under a node's digest is what the page
    /// shows, so the node was not parsed again.
    @Test func lastNightsNodesAreKnownByTheirBytes() throws {
        let folder = try TemporaryDirectory()
        let file = EventNodeFile(cacheDirectory: folder.url, identity: "test")
        let data = try Fixtures.data(Self.lagos)
        let first = EventNodes(file: file)
        let expected = try EventMapper.page(from: data, nodes: first)
        try first.keep()
        let kept = file.load()
        #expect(kept.count == 13)
        #expect(Set(kept.values) == Set(expected.events))

        let second = EventNodes(file: file)
        #expect(try EventMapper.page(from: data, nodes: second) == expected)
        #expect(second.count == 13)

        // The same digests with other events: a night takes them as they are kept.
        var changed = kept
        for (digest, event) in kept {
            var renamed = event
            renamed.title = "Kept: " + event.title
            changed[digest] = renamed
        }
        try file.save(changed.map { (digest: $0.key, event: $0.value) })
        let third = try EventMapper.page(from: data, nodes: EventNodes(file: file))
        #expect(third.events.map(\.title) == expected.events.map { "Kept: " + $0.title })
    }

    /// A night whose nodes are last night's writes nothing; one with a changed node writes them.
    @Test func theFileIsWrittenOnlyWhenANodeChanged() throws {
        let folder = try TemporaryDirectory()
        let file = EventNodeFile(cacheDirectory: folder.url, identity: "test")
        let data = try Fixtures.data(Self.lagos)
        var nodes = EventNodes(file: file)
        _ = try EventMapper.page(from: data, nodes: nodes)
        try nodes.keep()
        let before = try #require(Self.inode(file.file))

        nodes = EventNodes(file: file)
        _ = try EventMapper.page(from: data, nodes: nodes)
        try nodes.keep()
        #expect(Self.inode(file.file) == before, "unchanged nodes: the file is not rewritten")

        let renamed = Data(
            String(decoding: data, as: UTF8.self).replacingOccurrences(of: "Data Mining using  R", with: "Data Mining!")
                .utf8)
        nodes = EventNodes(file: file)
        let page = try EventMapper.page(from: renamed, nodes: nodes)
        try nodes.keep()
        #expect(Self.inode(file.file) != before)
        #expect(Set(file.load().values) == Set(page.events))
    }

    /// The file's inode: a rewrite (atomic, by rename) gives it a new one.
    static func inode(_ file: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.systemFileNumber] as? Int
    }

    /// Another binary's file, a damaged one and a missing one are no nodes: each is read as new.
    @Test func anotherBinarysOrADamagedFileIsNone() throws {
        let folder = try TemporaryDirectory()
        let data = try Fixtures.data(Self.lagos)
        let ours = EventNodeFile(cacheDirectory: folder.url, identity: "build 1")
        #expect(ours.load().isEmpty)
        let nodes = EventNodes(file: ours)
        let expected = try EventMapper.page(from: data, nodes: nodes)
        try nodes.keep()
        #expect(ours.load().count == 13)
        #expect(EventNodeFile(cacheDirectory: folder.url, identity: "build 2").load().isEmpty)

        let bytes = try Data(contentsOf: ours.file)
        for length in stride(from: 0, to: bytes.count, by: 97) {
            try bytes.prefix(length).write(to: ours.file)
            #expect(ours.load().isEmpty, "cut at \(length)")
            #expect(try EventMapper.page(from: data, nodes: EventNodes(file: ours)) == expected)
        }
        try (bytes + [0]).write(to: ours.file)
        #expect(ours.load().isEmpty, "a byte too many")
    }
}
