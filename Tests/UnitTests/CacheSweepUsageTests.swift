import Foundation
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `CacheSweep`'s record of when each cache file was last used (`usage.tsv`), and the JSON
/// object versions before kept.
@Suite("Cache sweep: the record of use")
struct CacheSweepUsageTests {
    static let day: TimeInterval = 86_400
    static let now = Date(timeIntervalSince1970: 1_795_334_400)

    func files(_ folder: TemporaryDirectory, _ names: [String]) throws {
        for name in names {
            let file = folder.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file)
        }
    }

    func exists(_ folder: TemporaryDirectory, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path)
    }

    /// A record in the former JSON object is read once and carried over with its times (not
    /// restarted), and the times the new record keeps are what a later sweep goes by.
    @Test func theFormerRecordIsCarriedOverAndTheNewOneKeepsItsTimes() throws {
        let folder = try TemporaryDirectory()
        try files(folder, ["photos/old", "photos/recent", "thumbnails/used-w320.jpg", "thumbnails/new-w320.jpg"])
        let former = """
            {"photos/old": \(Self.now.timeIntervalSince1970 - 40 * Self.day),
             "photos/recent": \(Self.now.timeIntervalSince1970 - 20 * Self.day),
             "thumbnails/used-w320.jpg": \(Self.now.timeIntervalSince1970 - 50 * Self.day)}
            """
        try Data(former.utf8).write(to: CacheFolder.formerUsage(folder.url))
        let sweep = CacheSweep(cacheDirectory: folder.url, retentionDays: 30)

        let removed = try sweep.sweep(used: ["thumbnails/used-w320.jpg"], configuredQueries: [], now: Self.now)
        #expect(removed == ["photos/old"])
        #expect(!exists(folder, "usage.json"), "the former record is read once")
        let lines = try String(contentsOf: CacheFolder.usage(folder.url), encoding: .utf8)
            .split(separator: "\n").sorted()
        let seconds = Int64(Self.now.timeIntervalSince1970)
        #expect(
            lines == [
                "\(seconds - 20 * 86_400)\tphotos/recent", "\(seconds)\tthumbnails/new-w320.jpg",
                "\(seconds)\tthumbnails/used-w320.jpg",
            ], "\(lines)")

        // Eleven days on, nothing used: "recent" is 31 days old by the new record, the others 11.
        let later = try sweep.sweep(used: [], configuredQueries: [], now: Self.now.addingTimeInterval(11 * Self.day))
        #expect(later == ["photos/recent"])
        #expect(exists(folder, "thumbnails/used-w320.jpg") && exists(folder, "thumbnails/new-w320.jpg"))
    }

    /// What earlier versions kept and this one reads no more goes with the first sweep; the
    /// cache's other files stay.
    @Test func filesOfEarlierVersionsGo() throws {
        let folder = try TemporaryDirectory()
        let former = ["event-nodes.bin", "render/pagefind", "render/manifest.json", "render/manifest.tsv"]
        try files(folder, former + ["render/events.bin", "build.sqlite"])
        try CacheSweep(cacheDirectory: folder.url, retentionDays: 30).sweep(
            used: [], configuredQueries: [], now: Self.now)
        for name in former { #expect(!exists(folder, name), "\(name)") }
        #expect(exists(folder, "render/events.bin") && exists(folder, "build.sqlite"))
    }

    /// A damaged line is skipped, not the record: the other files keep their times.
    @Test func aDamagedLineLosesOnlyItsOwnEntry() throws {
        let folder = try TemporaryDirectory()
        try files(folder, ["photos/a", "photos/b", "photos/c", "photos/d"])
        let seconds = Int64(Self.now.timeIntervalSince1970 - 40 * Self.day)
        try Data("\(seconds)\tphotos/a\nnot a line\nnan\tphotos/c\n1e400\tphotos/d\n\(seconds)".utf8)
            .write(to: CacheFolder.usage(folder.url))
        let removed = try CacheSweep(cacheDirectory: folder.url, retentionDays: 30)
            .sweep(used: [], configuredQueries: [], now: Self.now)
        #expect(removed == ["photos/a"], "b has no time, c and d none that is a time: their clocks start now")
        #expect(exists(folder, "photos/b") && exists(folder, "photos/c") && exists(folder, "photos/d"))
    }
}
