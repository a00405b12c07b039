import Foundation
@testable import MeetupPipeline
@testable import MeetupRender
import MeetupSupport
@testable import MeetupReportTestSupport
import Testing

/// `SearchRecordFolder`: a shard's records kept between nights, each made only when its input
/// changes and each file written only when its bytes change.
@Suite("Search record folder: only the records that changed are written")
struct SearchRecordFolderTests {
    let folder: TemporaryDirectory
    var shard: URL { folder.path("records/2026-12-w1a") }

    let cache: BuildCache

    init() throws {
        folder = try Fixtures.temporaryDirectory()
        cache = BuildCache(cacheDirectory: folder.path("cache"), build: "test")
    }

    func record(_ name: String, _ text: String) -> SearchRecords.Record {
        .init(name: "\(name).html", html: "<p>\(text)</p>", start: Date(timeIntervalSince1970: 0))
    }

    func inode(_ name: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: shard.appendingPathComponent(name).path)[
            .systemFileNumber] as? Int
    }

    /// The records' files (not the index beside them).
    func contents() throws -> [String: String] {
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: shard.path) {
            found[name] = try String(contentsOf: shard.appendingPathComponent(name), encoding: .utf8)
        }
        return found
    }

    /// Brings the shard to `records` (planned as past records: their input is their text); the
    /// files written and the records made.
    @discardableResult
    func update(_ records: [SearchRecords.Record], key: String = "binary-1 UTC") throws -> (written: Int, made: Int) {
        var made = 0
        let planned = records.map(SearchRecords.Planned.init(past:))
        let written = try SearchRecordFolder.update(shard, to: planned, key: key, cache: cache) {
            made += $0.count
            return SearchRecords.records($0, timeZone: .gmt, language: .english)
        }
        return (written, made)
    }

    @Test func aSecondNightWritesOnlyWhatChangedAndRemovesWhatWentAway() throws {
        let first = [record("a", "one"), record("b", "two"), record("c", "three")]
        #expect(try update(first) == (3, 3))
        let (a, b) = (try inode("a.html"), try inode("b.html"))
        #expect(try update(first) == (0, 0), "the same records are neither made nor written")

        let second = [record("a", "one"), record("b", "two, moved"), record("d", "four")]
        #expect(try update(second) == (2, 2), "only the changed and the new record are made")
        #expect(try contents() == ["a.html": "<p>one</p>", "b.html": "<p>two, moved</p>", "d.html": "<p>four</p>"])
        #expect(try inode("a.html") == a, "an unchanged record is the same file")
        #expect(try inode("b.html") == b, "a changed record is rewritten in place, no file created")
    }

    @Test func withoutItsEntriesOrWithAnotherKeyEveryRecordIsMadeAndOnlyChangedFilesWritten() throws {
        let records = [record("a", "one"), record("b", "two")]
        try update(records)
        #expect(try update(records, key: "binary-2 UTC") == (0, 2), "another binary's entries are not trusted")
        cache.forgetSearchRecords(of: shard.lastPathComponent)
        #expect(try update(records, key: "binary-2 UTC") == (0, 2))
        #expect(try update(records, key: "binary-2 UTC") == (0, 0))
        FileOperations.removeDatabase(cache.file)
        let fresh = BuildCache(cacheDirectory: folder.path("cache"), build: "test")
        let written = try SearchRecordFolder.update(
            shard, to: records.map(SearchRecords.Planned.init(past:)), key: "binary-2 UTC", cache: fresh
        ) { SearchRecords.records($0, timeZone: .gmt, language: .english) }
        #expect(written == 0, "a cache deleted makes every record again and writes none that is the same")
    }

    /// The index file versions before kept in the folder goes the first time the shard changes.
    @Test func theFormerIndexFileGoes() throws {
        try FileOperations.createDirectory(shard)
        try FileOperations.write(Data("k\n".utf8), to: shard.appendingPathComponent(SearchRecordFolder.formerIndexName))
        try update([record("a", "one")])
        #expect(try contents().keys.sorted() == ["a.html"])
    }

    @Test func aDamagedFileOrAFolderInARecordsPlaceIsReplaced() throws {
        let records = [record("a", "one"), record("b", "two")]
        try update(records)
        // Cut short (a night stopped while writing it), and a folder where a record goes.
        try FileOperations.write(Data("<p>o".utf8), to: shard.appendingPathComponent("a.html"))
        try FileManager.default.removeItem(at: shard.appendingPathComponent("b.html"))
        try FileOperations.createDirectory(shard.appendingPathComponent("b.html/inside"))
        #expect(try update(records) == (2, 2))
        #expect(try contents() == ["a.html": "<p>one</p>", "b.html": "<p>two</p>"])
    }

    @Test func pruneKeepsOnlyTonightsShards() throws {
        try update([record("a", "one")])
        try SearchRecordFolder.update(
            folder.path("records/2026-11-w4b"), to: [.init(past: record("b", "two"))], key: "k", cache: cache
        ) { SearchRecords.records($0, timeZone: .gmt, language: .english) }
        try FileOperations.write(Data("stray".utf8), to: folder.path("records/stray"))
        SearchRecordFolder.prune(folder.path("records"), keeping: ["2026-12-w1a"], cache: cache)
        #expect(cache.searchRecords(of: "2026-11-w4b", key: "k").isEmpty)
        #expect(cache.searchRecords(of: "2026-12-w1a", key: "binary-1 UTC").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("records").path) == ["2026-12-w1a"])
        #expect(try contents() == ["a.html": "<p>one</p>"])
    }
}
