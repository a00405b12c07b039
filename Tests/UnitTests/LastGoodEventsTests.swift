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

    /// Queries saved in one night: an event several found is the same JSON in each file, one
    /// that differs between them is kept as each had it, a failed query gets its last events,
    /// and a file's stamp survives only where its events did not change. Over 256 events, so
    /// the JSON is made on every core.
    @Test func aNightsQueriesAreSavedTogetherEachWithItsOwnEvents() throws {
        let folder = try TemporaryDirectory()
        let store = LastGoodEvents(cacheDirectory: folder.url)
        let start = try #require(ISO8601.parseDateTime("2026-12-02T10:00:00Z"))
        let shared = (0..<600).map { Event(id: "\($0)", title: "Shared \($0)", start: start, isOnline: true) }
        var moved = shared[7]
        moved.title = "Seen a moment later"
        let first = Array(shared[0..<400]), second = Array(shared[200..<600]) + [moved]
        func query(_ id: String) -> EventQuery { EventQuery(id: id, title: id, kind: .network(id)) }
        let night = Date(timeIntervalSince1970: 1_800_000_000)
        let fetched = FetchedEvents(outcomes: [
            (query("a"), .succeeded(events: first)), (query("b"), .succeeded(events: second)),
            (query("c"), .failed(.calendar(query: "c", reason: "down"))),
        ])
        let (reconciled, failures) = store.reconcile(fetched, now: night)
        #expect(failures.isEmpty)
        #expect(store.load(for: "a")?.events == first)
        #expect(store.load(for: "b")?.events == second)
        #expect(reconciled.outcomes[2].outcome.staleSince == nil, "nothing kept for c yet")

        try store.save(Array(shared[0..<2]), for: "c", fetchedAt: night)
        let inode = FileTree.inode(folder.path("queries/a.json").path)
        let later = store.reconcile(
            FetchedEvents(outcomes: [
                (query("a"), .succeeded(events: first)), (query("b"), .succeeded(events: Array(second.dropLast()))),
                (query("c"), .failed(.calendar(query: "c", reason: "down"))),
            ]), now: night.addingTimeInterval(86_400)
        ).0
        #expect(FileTree.inode(folder.path("queries/a.json").path) == inode, "a's events are the kept ones")
        #expect(store.load(for: "a")?.fetchedAt == night.addingTimeInterval(86_400))
        #expect(store.load(for: "b")?.events == Array(second.dropLast()))
        #expect(later.outcomes[2].outcome.staleSince == night)
        #expect(later.outcomes[2].outcome.events == Array(shared[0..<2]))
    }
}
