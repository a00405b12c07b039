import Foundation
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `BuildCache`: the render manifest written is read back, a night writes only what changed,
/// and a database another build wrote, or one that is not a database, is deleted: that night
/// renders cold, and the next one has a cache again.
@Suite("Build cache")
struct BuildCacheTests {
    typealias Memo = RenderMemo

    static let stamp = Memo.Stamp(size: 12, inode: 99, seconds: 1_795_000_000, nanoseconds: 5)
    static let items: [String: Memo.Item] = [
        "queries/swift": .init(
            key: "a1", files: [.init(path: "queries/swift.html", stamp: stamp), .init(path: "q/s.xml", stamp: stamp)]),
        "events.json": .init(key: "b2", files: [.init(path: "events.json", stamp: nil)]),
        "café\t#end": .init(key: "c3", files: [.init(path: "cafés/ü\n.html", stamp: stamp)]),
    ]

    @Test func whatIsWrittenIsReadBack() throws {
        let folder = try TemporaryDirectory()
        let cache = BuildCache(cacheDirectory: folder.url, build: "b")
        #expect(cache.renderManifest().isEmpty)
        let published = Memo.Stamp(size: 7, inode: 3, seconds: 4, nanoseconds: 6)
        try cache.saveRenderManifest(Self.items, replacing: nil) { $0 == "events.json" ? published : nil }
        var expected = Self.items
        expected["events.json"]?.files[0].stamp = published
        #expect(BuildCache(cacheDirectory: folder.url, build: "b").renderManifest() == expected)
    }

    /// An inode past `Int64.max` and a time before 1970 are read back as written.
    @Test func stampsAtTheirLimitsAreReadBack() throws {
        let folder = try TemporaryDirectory()
        let cache = BuildCache(cacheDirectory: folder.url, build: "b")
        let edge = Memo.Stamp(size: 0, inode: .max, seconds: -86_400, nanoseconds: 999_999_999)
        let items = ["old": Memo.Item(key: "k", files: [.init(path: "old.html", stamp: edge)])]
        try cache.saveRenderManifest(items, replacing: nil) { _ in nil }
        #expect(cache.renderManifest() == items)
    }

    /// A night writes the items made tonight and removes those gone; one whose file cannot be
    /// stamped is left out (made again the next night); one reused as it was stays.
    @Test func aNightWritesWhatChanged() throws {
        let folder = try TemporaryDirectory()
        let cache = BuildCache(cacheDirectory: folder.url, build: "b")
        try cache.saveRenderManifest(Self.items, replacing: nil) { _ in Self.stamp }
        let stored = cache.renderManifest()
        var tonight = stored
        tonight["events.json"] = nil
        tonight["new"] = .init(key: "n", files: [.init(path: "new.html", stamp: nil)])
        tonight["queries/swift"]?.key = "a2"
        tonight["queries/swift"]?.files[1].stamp = nil
        tonight["unstamped"] = .init(key: "u", files: [.init(path: "gone.html", stamp: nil)])
        let fresh = Memo.Stamp(size: 1, inode: 2, seconds: 3, nanoseconds: 4)
        try cache.saveRenderManifest(tonight, replacing: stored) { $0 == "gone.html" ? nil : fresh }
        var expected = tonight
        expected["unstamped"] = nil
        expected["new"]?.files[0].stamp = fresh
        expected["queries/swift"]?.files[1].stamp = fresh
        #expect(cache.renderManifest() == expected)
    }

    /// Another build's database is deleted (not read) and replaced by an empty one, silently;
    /// the same build reads its own.
    @Test func anotherBuildsCacheIsDeleted() throws {
        let folder = try TemporaryDirectory()
        try BuildCache(cacheDirectory: folder.url, build: "one")
            .saveRenderManifest(Self.items, replacing: nil) { _ in Self.stamp }
        #expect(BuildCache(cacheDirectory: folder.url, build: "one").renderManifest().count == 3)
        let other = BuildCache(cacheDirectory: folder.url, build: "two")
        #expect(other.discarded == BuildCache.anotherBuild)
        #expect(other.renderManifest().isEmpty)
        #expect(BuildCache(cacheDirectory: folder.url, build: "one").renderManifest().isEmpty)
    }

    /// A file that is not a database, or a database with other tables, is deleted and says
    /// why; the cache made in its place works.
    @Test func anUnreadableCacheIsDeletedAndMadeAgain() throws {
        for damage in ["not a database at all, but long enough to be a header of something", "sqlite"] {
            let folder = try TemporaryDirectory()
            let file = CacheFolder.buildCache(folder.url)
            if damage == "sqlite" {
                let other = BuildCache(cacheDirectory: folder.url, build: "b")
                try other.database?.write { try $0.execute(sql: "DROP TABLE meta") }
            } else {
                try FileOperations.write(Data(damage.utf8), to: file)
            }
            let cache = BuildCache(cacheDirectory: folder.url, build: "b")
            #expect(cache.discarded?.hasPrefix("unreadable") == true, "\(damage)")
            try cache.saveRenderManifest(Self.items, replacing: nil) { _ in Self.stamp }
            #expect(BuildCache(cacheDirectory: folder.url, build: "b").renderManifest().count == 3)
        }
    }

    /// A cache folder that cannot be written: no database, nothing kept, nothing thrown.
    @Test func noCacheKeepsNothing() throws {
        let folder = try TemporaryDirectory()
        try FileOperations.write(Data("a file".utf8), to: folder.url.appendingPathComponent("cache"))
        let cache = BuildCache(cacheDirectory: folder.url.appendingPathComponent("cache"), build: "b")
        #expect(cache.database == nil)
        try cache.saveRenderManifest(Self.items, replacing: nil) { _ in Self.stamp }
        #expect(cache.renderManifest().isEmpty)
    }

    /// Where Pagefind was found is read back while the program asked and the one found are
    /// both still there, and only for the program that was asked.
    @Test func aProgramFoundIsRememberedWhileItIsThere() throws {
        let folder = try TemporaryDirectory()
        let python = folder.url.appendingPathComponent("python3"),
            binary = folder.url.appendingPathComponent("pagefind")
        for file in [python, binary] {
            try FileOperations.write(Data("#!/bin/sh\n".utf8), to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let cache = BuildCache(cacheDirectory: folder.url.appendingPathComponent("cache"), build: "b")
        #expect(cache.program("pagefind", askedOf: python.path) == nil)
        cache.rememberProgram("pagefind", askedOf: python.path, at: binary.path)
        let again = BuildCache(cacheDirectory: folder.url.appendingPathComponent("cache"), build: "b")
        #expect(again.program("pagefind", askedOf: python.path) == binary.path)
        #expect(again.program("pagefind", askedOf: "/usr/bin/python3.99") == nil)
        try FileManager.default.removeItem(at: binary)
        #expect(again.program("pagefind", askedOf: python.path) == nil)
    }
}
