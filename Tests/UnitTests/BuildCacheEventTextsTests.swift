import Foundation
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `BuildCache+EventTexts`: each event's rendered texts kept between nights in the build cache,
/// read when a page asks; stored as the render makes them (its spill); a set not kept tonight is
/// forgotten; a cache that cannot be opened keeps nothing and the texts stay in memory.
@Suite("Build cache: event texts")
struct BuildCacheEventTextsTests {
    static func artefacts(_ index: Int) -> EventArtefacts {
        EventArtefacts(
            plain: "Plain é 😀 \(index)", rich: index % 2 == 0 ? "" : "<p>\(index)</p>", calendarText: "text",
            blockQuery: String(repeating: "q", count: index), blockAll: "all \(index)",
            calendarEntry: "BEGIN:VEVENT \(index)", eventsItem: "{\"id\": \"\(index)\"}")
    }

    /// Kept texts read back as made, by the next night's cache too; a set not kept is forgotten,
    /// one changed is read as changed, and a cache another build wrote holds none.
    @Test func keptTextsAreReadBackTheNextNight() throws {
        let folder = try TemporaryDirectory()
        let cache = BuildCache(cacheDirectory: folder.url, build: "b")
        #expect(cache.eventTexts().byKey.isEmpty)
        var set = EventArtefactSet()
        for index in 0..<1_000 { set.byKey["key\(index)"] = Self.artefacts(index) }
        let kept = try #require(cache.keepEventTexts(set))
        #expect(kept.byKey == set.byKey && kept.byKey.values.allSatisfy { $0.stored(in: cache) != nil })
        let tomorrow = BuildCache(cacheDirectory: folder.url, build: "b")
        var next = tomorrow.eventTexts()
        #expect(next.byKey == set.byKey)
        #expect(next.byKey["key7"]?.length(.blockQuery) == 7, "its lengths known before a text is read")

        next.byKey["key0"] = nil
        next.byKey["key1"] = Self.artefacts(5_000)
        next.byKey["new"] = Self.artefacts(3)
        _ = try #require(tomorrow.keepEventTexts(next))
        let third = BuildCache(cacheDirectory: folder.url, build: "b").eventTexts()
        #expect(third.byKey == next.byKey && third.byKey["key0"] == nil)
        #expect(third.byKey["key1"]?.blockQuery.count == 5_000)
        let texts = try tomorrow.database?.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event_text") }
        #expect(texts == 1_000 * 7 - 1_000 / 2, "the forgotten sets' texts went too (an empty text is not stored)")
        #expect(BuildCache(cacheDirectory: folder.url, build: "another").eventTexts().byKey.isEmpty)
    }

    /// Made in runs and stored as each run is made, an event's texts are what they are made in
    /// memory, and the stored set is kept without being written again.
    @Test func textsStoredInRunsAreTheTextsMadeInMemory() throws {
        let folder = try TemporaryDirectory()
        let input = RenderMemoTests.baseInput().planned()
        let templates = try SiteTemplates(directory: Fixtures.templates)
        let keys = RenderKeys(input: input, templates: templates)
        let inMemory = EventArtefactSet.make(input, keys: keys, templates: templates, reusing: EventArtefactSet())
        let cache = BuildCache(cacheDirectory: folder.url, build: "b")
        var runs = 0
        let stored = EventArtefactSet.make(
            input, keys: keys, templates: templates, reusing: EventArtefactSet(), batch: 7
        ) { made in
            runs += 1
            return cache.storeEventTexts(made)
        }
        #expect(runs == 22 && stored.made == 150, "150 events in runs of 7")
        #expect(stored.byEvent.values.allSatisfy { $0.stored(in: cache) != nil }, "read back from the cache")
        for (id, artefacts) in inMemory.byEvent { #expect(stored.byEvent[id] == artefacts, "\(id)") }
        let kept = try #require(cache.keepEventTexts(stored.kept))
        for (key, artefacts) in inMemory.kept.byKey { #expect(kept.byKey[key] == artefacts) }
        let sets = try cache.database?.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event_text_set") }
        #expect(sets == 150, "each set stored once")
    }

    /// No database: nothing stored, nothing kept, the texts stay in memory.
    @Test func noCacheKeepsNoTexts() throws {
        let folder = try TemporaryDirectory()
        try FileOperations.write(Data("a file".utf8), to: folder.url.appendingPathComponent("cache"))
        let cache = BuildCache(cacheDirectory: folder.url.appendingPathComponent("cache"), build: "b")
        #expect(cache.storeEventTexts(["k": Self.artefacts(1)]) == nil)
        #expect(cache.keepEventTexts(EventArtefactSet(byKey: ["k": Self.artefacts(1)])) == nil)
        #expect(cache.eventTexts().byKey.isEmpty)
    }
}
