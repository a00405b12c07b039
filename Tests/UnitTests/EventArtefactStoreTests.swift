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
                blockAll: "all \(index)")
        }
        try store.save(set)
        let loaded = store.load()
        #expect(loaded.byKey == set.byKey)
        // A set read from the file is saved again from it (texts copied as bytes, the file
        // replaced under the open one) and reads back the same.
        var next = loaded
        next.byKey["key0"] = nil
        next.byKey["new"] = EventArtefacts(plain: "n", rich: "", calendarText: "", blockQuery: "q", blockAll: "a")
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
}
