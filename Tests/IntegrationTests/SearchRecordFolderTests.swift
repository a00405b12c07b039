import Foundation
@testable import MeetupPipeline
@testable import MeetupRender
import MeetupSupport
@testable import MeetupReportTestSupport
import Testing

/// `SearchRecordFolder`: a shard's records kept between nights, each file written only when
/// its bytes change.
@Suite("Search record folder: only the records that changed are written")
struct SearchRecordFolderTests {
    let folder: TemporaryDirectory
    var shard: URL { folder.path("records/2026-12-w1a") }

    init() throws { folder = try Fixtures.temporaryDirectory() }

    func record(_ name: String, _ text: String) -> SearchRecords.Record {
        .init(name: "\(name).html", html: "<p>\(text)</p>", start: Date(timeIntervalSince1970: 0))
    }

    func inode(_ name: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: shard.appendingPathComponent(name).path)[
            .systemFileNumber] as? Int
    }

    func contents() throws -> [String: String] {
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: shard.path) {
            found[name] = try String(contentsOf: shard.appendingPathComponent(name), encoding: .utf8)
        }
        return found
    }

    @Test func aSecondNightWritesOnlyWhatChangedAndRemovesWhatWentAway() throws {
        let first = [record("a", "one"), record("b", "two"), record("c", "three")]
        #expect(try SearchRecordFolder.update(shard, to: first) == 3)
        let (a, b) = (try inode("a.html"), try inode("b.html"))
        #expect(try SearchRecordFolder.update(shard, to: first) == 0, "the same records write nothing")

        let second = [record("a", "one"), record("b", "two, moved"), record("d", "four")]
        #expect(try SearchRecordFolder.update(shard, to: second) == 2)
        #expect(try contents() == ["a.html": "<p>one</p>", "b.html": "<p>two, moved</p>", "d.html": "<p>four</p>"])
        #expect(try inode("a.html") == a, "an unchanged record is the same file")
        #expect(try inode("b.html") == b, "a changed record is rewritten in place, no file created")
    }

    @Test func aDamagedFileOrAFolderInARecordsPlaceIsReplaced() throws {
        let records = [record("a", "one"), record("b", "two")]
        try SearchRecordFolder.update(shard, to: records)
        // Cut short (a night stopped while writing it), and a folder where a record goes.
        try FileOperations.write(Data("<p>o".utf8), to: shard.appendingPathComponent("a.html"))
        try FileManager.default.removeItem(at: shard.appendingPathComponent("b.html"))
        try FileOperations.createDirectory(shard.appendingPathComponent("b.html/inside"))
        #expect(try SearchRecordFolder.update(shard, to: records) == 2)
        #expect(try contents() == ["a.html": "<p>one</p>", "b.html": "<p>two</p>"])
    }

    @Test func pruneKeepsOnlyTonightsShards() throws {
        try SearchRecordFolder.update(shard, to: [record("a", "one")])
        try SearchRecordFolder.update(folder.path("records/2026-11-w4b"), to: [record("b", "two")])
        try FileOperations.write(Data("stray".utf8), to: folder.path("records/stray"))
        SearchRecordFolder.prune(folder.path("records"), keeping: ["2026-12-w1a"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("records").path) == ["2026-12-w1a"])
        #expect(try contents() == ["a.html": "<p>one</p>"])
    }
}
