import Foundation
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `EventArtefactStore`: last night's event texts in the cache, read when a page asks.
@Suite("Kept event texts")
struct EventArtefactStoreTests {
    /// The kept event texts read back as written; a damaged file reads as none (everything is made).
    @Test func theArtefactStoreReadsBackWhatItWrote() throws {
        let folder = try TemporaryDirectory()
        let store = EventArtefactStore(cacheDirectory: folder.url)
        var set = EventArtefactSet()
        for index in 0..<3_000 {
            set.byKey["key\(index)"] = EventArtefacts(
                plain: "Plain é 😀 \(index)", rich: index % 2 == 0 ? "" : "<p>\(index)</p>",
                calendarText: "text", blockQuery: String(repeating: "q", count: index),
                blockAll: "all \(index)", calendarEntry: "BEGIN:VEVENT \(index)", eventsItem: "{\"id\": \"\(index)\"}")
        }
        try store.save(set)
        let loaded = store.load()
        #expect(loaded.byKey == set.byKey)
        // A set read from the file is saved again from it (texts copied as bytes, the file
        // replaced under the open one) and reads back the same.
        var next = loaded
        next.byKey["key0"] = nil
        next.byKey["new"] = EventArtefacts(
            plain: "n", rich: "", calendarText: "", blockQuery: "q", blockAll: "a", calendarEntry: "", eventsItem: "")
        try store.save(next)
        #expect(store.load().byKey == next.byKey)
        #expect(loaded.byKey["key1"]?.rich == "<p>1</p>", "what was loaded reads on from the replaced file")
        try store.save(set)
        let data = try Data(contentsOf: store.file)
        try data.prefix(data.count - 3).write(to: store.file)
        #expect(store.load().byKey.isEmpty, "a truncated file is not trusted")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: store.file.deletingLastPathComponent().path) == [
                "events.bin"
            ])
    }

    /// A night that changed a few sets appends their texts and a new index to the file: the
    /// same file, last night's bytes untouched, read back as tonight's set. Once less than half
    /// of the file would be in use, it is written anew; a set changed whole, too.
    @Test func aFewChangedSetsAreAppendedAndAFileMostlyUnusedIsWrittenAnew() throws {
        let folder = try TemporaryDirectory()
        let store = EventArtefactStore(cacheDirectory: folder.url)
        func artefacts(_ text: String) -> EventArtefacts {
            EventArtefacts(
                plain: String(repeating: text, count: 200), rich: "<p>\(text)</p>", calendarText: "t", blockQuery: "q",
                blockAll: "a", calendarEntry: "BEGIN:VEVENT", eventsItem: "{}")
        }
        var set = EventArtefactSet()
        for index in 0..<1_000 { set.byKey["key\(index)"] = artefacts("text \(index) ") }
        try store.save(set)
        let inode = FileTree.inode(store.file.path)
        let first = try Data(contentsOf: store.file)

        var next = store.load()
        next.byKey["key3"] = artefacts("changed")
        next.byKey["key999"] = nil
        next.byKey["new"] = artefacts("new")
        try store.save(next)
        #expect(FileTree.inode(store.file.path) == inode, "appended, not replaced")
        let second = try Data(contentsOf: store.file)
        #expect(second.prefix(first.count) == first, "last night's bytes are as they were")
        #expect(second.count - first.count < first.count / 5, "the new texts and index only")
        #expect(store.load().byKey == next.byKey)

        // Night after night, until the file would be more than half unused: then written anew.
        var nights = 0
        while FileTree.inode(store.file.path) == inode, nights < 100 {
            var changed = store.load()
            for index in (nights * 60)..<(nights * 60 + 60) {
                changed.byKey["key\(index % 998)"] = artefacts("n\(nights)")
            }
            try store.save(changed)
            #expect(store.load().byKey == changed.byKey, "night \(nights)")
            nights += 1
        }
        #expect((3...20).contains(nights), "\(nights) nights appended")
        let compact = FileOperations.fileSize(store.file) ?? 0
        var whole = EventArtefactSet()
        for (key, value) in store.load().byKey { whole.byKey[key] = artefacts(value.plain + key) }
        let before = FileTree.inode(store.file.path)
        try store.save(whole)
        #expect(FileTree.inode(store.file.path) != before, "every set changed: written anew")
        #expect(store.load().byKey == whole.byKey)
        #expect(compact < first.count * 2)
    }

    /// A set whose texts cannot be read back (the file they were spilled to was cut short) after
    /// others were appended: the append is cut off again and nothing is saved; last night's file
    /// reads as it did. Most of the file stays in use, so the append is what is tried: without
    /// its cut, the file ends in tonight's first texts and reads as empty.
    @Test func anAppendThatCannotReadItsTextsLeavesLastNightsFile() throws {
        let folder = try TemporaryDirectory()
        let store = EventArtefactStore(cacheDirectory: folder.url)
        var set = EventArtefactSet()
        for index in 0..<200 {
            set.byKey["key\(index)"] = EventArtefacts(
                plain: String(repeating: "plain \(index) ", count: 100), rich: "", calendarText: "", blockQuery: "q",
                blockAll: "a", calendarEntry: "", eventsItem: "")
        }
        try store.save(set)
        let last = try Data(contentsOf: store.file)
        let elsewhere = EventArtefactStore(cacheDirectory: folder.url.appendingPathComponent("other"))
        var made = EventArtefactSet()
        // Its plain text is read back whole, its rich text not: the first is appended before the
        // second fails.
        made.byKey["made"] = EventArtefacts(
            plain: "short", rich: String(repeating: "x", count: 5_000), calendarText: "", blockQuery: "",
            blockAll: "", calendarEntry: "", eventsItem: "")
        try elsewhere.save(made)
        var next = store.load()
        next.byKey["made"] = elsewhere.load().byKey["made"]
        let handle = try FileHandle(forWritingTo: elsewhere.file)
        try handle.truncate(atOffset: 100)
        try handle.close()
        #expect(throws: (any Error).self) { try store.save(next) }
        #expect(try Data(contentsOf: store.file) == last)
        #expect(store.load().byKey == set.byKey)
    }

    /// Last night's texts copied into the new file by the kernel, in part, or not at all (a file
    /// system without it): the same file each time.
    @Test func textsCopiedInPartOrNotAtAllMakeTheSameFile() throws {
        let folder = try TemporaryDirectory()
        let store = EventArtefactStore(cacheDirectory: folder.url)
        var set = EventArtefactSet()
        for index in 0..<2_000 {
            set.byKey["key\(index)"] = EventArtefacts(
                plain: String(repeating: "plain \(index) ", count: 40), rich: "<p>\(index)</p>", calendarText: "t",
                blockQuery: "q", blockAll: "a", calendarEntry: "BEGIN:VEVENT", eventsItem: "{}")
        }
        try store.save(set)
        var next = store.load()
        next.byKey["key7"] = EventArtefacts(
            plain: "changed", rich: "", calendarText: "", blockQuery: "q", blockAll: "a", calendarEntry: "",
            eventsItem: "")
        let copies: [(String, (ReadOnlyFile, Int, Int, Int32) -> Int)] = [
            ("kernel", { $0.copy(at: $1, length: $2, to: $3) }),
            ("part", { $0.copy(at: $1, length: min($2, 7), to: $3) }),
            ("none", { _, _, _, _ in 0 }),
        ]
        var files: [String: Data] = [:]
        for (name, copy) in copies {
            let other = EventArtefactStore(cacheDirectory: folder.url.appendingPathComponent(name))
            try other.save(next, copying: copy)
            files[name] = try Data(contentsOf: other.file)
            #expect(other.load().byKey == next.byKey, "\(name)")
        }
        #expect(files["kernel"] == files["none"] && files["part"] == files["none"])
        #expect((files["none"]?.count ?? 0) > 2_000 * 480)
    }

    /// Made in runs and spilled to a file as each run is made, an event's texts are what they
    /// are made in memory, and the spilled set is kept and read back like any other.
    @Test func textsSpilledInRunsAreTheTextsMadeInMemory() throws {
        let folder = try TemporaryDirectory()
        let input = RenderMemoTests.baseInput().planned()
        let templates = try SiteTemplates(directory: Fixtures.templates)
        let keys = RenderKeys(input: input, templates: templates)
        let inMemory = EventArtefactSet.make(input, keys: keys, templates: templates, reusing: EventArtefactSet())
        let spill = EventArtefactSpill(cacheDirectory: folder.url)
        var runs = 0
        let spilled = EventArtefactSet.make(
            input, keys: keys, templates: templates, reusing: EventArtefactSet(), batch: 7
        ) { made in
            runs += 1
            return spill.write(made)
        }
        #expect(runs == 22 && spilled.made == 150, "150 events in runs of 7")
        #expect(spilled.byEvent.keys.sorted() == inMemory.byEvent.keys.sorted())
        for (id, artefacts) in inMemory.byEvent { #expect(spilled.byEvent[id] == artefacts, "\(id)") }
        #expect(FileOperations.fileSize(spill.file) ?? 0 > 0, "the texts are in the file")
        let store = EventArtefactStore(cacheDirectory: folder.url)
        let kept = try #require(store.keep(spilled.kept))
        spill.remove()
        #expect(!FileManager.default.fileExists(atPath: spill.file.path))
        for (key, artefacts) in inMemory.kept.byKey { #expect(kept.byKey[key] == artefacts) }
    }
}
