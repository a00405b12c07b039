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

/// `LastGoodEvents`: events round-trip through the store.
@Suite("Last good events")
struct LastGoodEventsTests {
    @Test func eventsRoundTripThroughTheLastGoodStore() throws {
        let folder = try TemporaryDirectory()
        let full = Event(
            id: "1", title: "T & <b>", start: ISO8601.parseDateTime("2026-12-01T19:00:00+09:00")!,
            end: ISO8601.parseDateTime("2026-12-01T21:00:00+09:00")!, eventURL: URL(string: "https://x.org/e?a=1"),
            description: "d\n🎉", rsvpCount: 7, venue: Venue(name: "V", city: "C", latitude: 1.5, longitude: -2),
            isOnline: false, group: EventGroup(name: "G", urlname: "g"),
            groupPhotoURL: URL(string: "https://x.org/g.jpg"),
            eventPhotoURL: URL(string: "https://x.org/e.jpg"), createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        let bare = Event(id: "2", title: "Bare", start: ISO8601.parseDateTime("2026-12-02T10:00:00Z")!, isOnline: true)
        let store = LastGoodEvents(cacheDirectory: folder.url)
        try store.save([full, bare], for: "q", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let loaded = try #require(store.load(for: "q"))
        #expect(loaded.events == [full, bare])
        #expect(loaded.fetchedAt == Date(timeIntervalSince1970: 1_800_000_000))
        try Data("{\"fetchedAt\": 1, \"events\": [{\"id\": \"x\"}]}".utf8).write(to: folder.path("queries/q.json"))
        #expect(
            store.load(for: "q")?.events.isEmpty == true, "an entry missing required fields is dropped, not trusted")
    }

    /// A night whose events are the ones kept rewrites only the stamp beside them, and a load
    /// says tonight's fetch time; changed events rewrite the file.
    @Test func aNightWithTheKeptEventsWritesOnlyTheStamp() throws {
        let folder = try TemporaryDirectory()
        let store = LastGoodEvents(cacheDirectory: folder.url)
        let events = (0..<3).map {
            Event(id: "\($0)", title: "T\($0)", start: ISO8601.parseDateTime("2026-12-02T10:00:00Z")!, isOnline: true)
        }
        let file = folder.path("queries/q.json").path
        try store.save(events, for: "q", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let inode = FileTree.inode(file)
        try store.save(events, for: "q", fetchedAt: Date(timeIntervalSince1970: 1_800_086_400))
        #expect(FileTree.inode(file) == inode, "the events file is not written again")
        #expect(store.load(for: "q")?.fetchedAt == Date(timeIntervalSince1970: 1_800_086_400))

        var changed = events
        changed[1].title = "Renamed"
        try store.save(changed, for: "q", fetchedAt: Date(timeIntervalSince1970: 1_800_172_800))
        #expect(FileTree.inode(file) != inode)
        #expect(store.load(for: "q")?.events == changed)
        #expect(store.load(for: "q")?.fetchedAt == Date(timeIntervalSince1970: 1_800_172_800))
        // Without its stamp, the file's own time.
        try FileManager.default.removeItem(at: folder.path("queries/q.stamp"))
        #expect(store.load(for: "q")?.fetchedAt == Date(timeIntervalSince1970: 1_800_172_800))
        try store.save(changed, for: "q", fetchedAt: Date(timeIntervalSince1970: 1_800_259_200))
        #expect(store.load(for: "q")?.fetchedAt == Date(timeIntervalSince1970: 1_800_259_200))
    }
}
