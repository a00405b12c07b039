import Foundation
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `StagingInventory` with `StagingWriter` and `SitePublisher`: a night built in the tree the
/// publish before swapped out never writes into a published file (they share inodes), keeps
/// what is the same file already, and publishes nothing tonight did not make; the render memo
/// trusts no file edited by hand there.
@Suite("Staging inventory: a night built in the kept tree")
struct StagingInventoryTests {
    /// Writes `files` as a night does (into the kept tree when there is one) and publishes them.
    @discardableResult
    static func night(_ files: [String: String], output: URL) throws -> StagingInventory {
        let publisher = SitePublisher(outputDirectory: output)
        let staging = try publisher.makeStagingDirectory(reusingKeptTree: true)
        let previous = FileManager.default.fileExists(atPath: output.path) ? output : nil
        let inventory = StagingInventory(staging)
        let writer = StagingWriter(staging: staging, previous: previous, inventory: inventory)
        for (path, text) in files { try writer.write(SiteFile(path: path, contents: .bytes(Data(text.utf8)))) }
        inventory.sweep()
        try publisher.publish(staging)
        return inventory
    }

    static func site(_ output: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in FileTree.files(under: output.path) {
            files[path] = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    @Test func aNightInTheKeptTreeNeverWritesIntoThePublishedSite() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("Output")
        let first = ["same.html": "same", "edited.html": "one", "gone.html": "gone", "events/1.html": "page"]
        try Self.night(first, output: output)
        // The second night keeps `same.html` and `edited.html` as they are: hard links to the
        // first night's files, which the publish kept beside the site.
        let second = ["same.html": "same", "edited.html": "one", "events/1.html": "page", "new.html": "new"]
        try Self.night(second, output: output)
        let kept = SitePublisher(outputDirectory: output).keptTree
        #expect(FileTree.isSameFile(kept.path + "/edited.html", output.path + "/edited.html"))

        // The third night starts from the first night's tree: `edited.html` there is the very
        // file the site serves. Writing new bytes for it must replace it, not write into it.
        let publisher = SitePublisher(outputDirectory: output)
        let staging = try publisher.makeStagingDirectory(reusingKeptTree: true)
        #expect(FileManager.default.fileExists(atPath: staging.path + "/gone.html"), "the first night's tree")
        let inventory = StagingInventory(staging)
        let writer = StagingWriter(staging: staging, previous: output, inventory: inventory)
        #expect(try writer.write(SiteFile(path: "same.html", contents: .bytes(Data("same".utf8)))))
        #expect(try !writer.write(SiteFile(path: "edited.html", contents: .bytes(Data("two".utf8)))))
        #expect(try Self.site(output)["edited.html"] == "one", "the published site is untouched before the swap")
        // `events/1.html` becomes a folder: a page that was a file last night.
        try writer.write(SiteFile(path: "events/1.html/index.html", contents: .bytes(Data("nested".utf8))))
        #expect(inventory.unclaimedCount == 2, "gone.html and the file events/1.html are not claimed")
        #expect(inventory.sweep() == 1, "gone.html: the file events/1.html went for tonight's folder")
        try publisher.publish(staging)

        #expect(
            try Self.site(output) == ["same.html": "same", "edited.html": "two", "events/1.html/index.html": "nested"])
        #expect(try Self.site(kept) == second, "the second night's site is kept for the fourth")
    }

    @Test func aNightWithNothingNewLinksNothingAndKeepsEveryFile() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("Output")
        let files = Dictionary(uniqueKeysWithValues: (0..<20).map { ("p/\($0).html", "page \($0)") })
        for _ in 0..<2 { try Self.night(files, output: output) }
        let inodes = FileTree.files(under: output.path).map { FileTree.inode(output.path + "/" + $0) }
        let inventory = try Self.night(files, output: output)
        #expect(inventory.unclaimedCount == 0)
        #expect(FileTree.files(under: output.path).map { FileTree.inode(output.path + "/" + $0) } == inodes)
        #expect(try Self.site(output) == files)
    }

    /// A published file edited by hand (another inode or time) is made again, not trusted: after
    /// the second night also in the kept tree, whose copy an edit in place changes too.
    @Test func aPublishedFileEditedByHandIsMadeAgain() throws {
        let folder = try TemporaryDirectory()
        let first = try RenderMemoTests.publish(RenderMemoTests.baseInput(), in: folder.url)
        let page = folder.url.appendingPathComponent("site/queries/swift.2.html")
        try Data("defaced".utf8).write(to: page)
        let second = try RenderMemoTests.publish(RenderMemoTests.baseInput(), in: folder.url)
        #expect(second.files["queries/swift.2.html"] == first.files["queries/swift.2.html"])
        #expect(second.outcome.itemsMade >= 1 && second.outcome.itemsReused > 150, "\(second.outcome)")
        // From now on each night starts from the tree the publish before swapped out, whose
        // unchanged files are the published ones: edited in place, both copies are.
        try RenderMemoTests.publish(RenderMemoTests.baseInput(), in: folder.url)
        try FileOperations.write(Data("defaced in place".utf8), to: page)
        let third = try RenderMemoTests.publish(RenderMemoTests.baseInput(), in: folder.url)
        #expect(third.files["queries/swift.2.html"] == first.files["queries/swift.2.html"])
        #expect(third.outcome.itemsMade >= 1, "\(third.outcome)")
        // Replaced (another inode): not the file stamped either, so made again.
        try FileOperations.writeAtomically(Data("replaced".utf8), to: page)
        let fourth = try RenderMemoTests.publish(RenderMemoTests.baseInput(), in: folder.url)
        #expect(fourth.files["queries/swift.2.html"] == first.files["queries/swift.2.html"])
    }

    /// A thumbnail is a hard link into the photo cache. Once the kept tree holds the cache's very
    /// file it stays as it is; a thumbnail made again (another inode) replaces it, and the same
    /// bytes under another inode are still the published file.
    @Test func aThumbnailTheKeptTreeHoldsIsTheCachesFile() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("Output"), thumbnail = folder.path("thumb.jpg")
        let publisher = SitePublisher(outputDirectory: output)
        func night(expectReused: Bool) throws {
            let staging = try publisher.makeStagingDirectory(reusingKeptTree: true)
            let previous = FileManager.default.fileExists(atPath: output.path) ? output : nil
            let writer = StagingWriter(staging: staging, previous: previous, inventory: StagingInventory(staging))
            let reused = try writer.write(SiteFile(path: "photos/a.jpg", contents: .file(thumbnail)))
            #expect(reused == expectReused)
            try publisher.publish(staging)
        }
        try FileOperations.write(Data("first".utf8), to: thumbnail)
        try night(expectReused: false)
        try night(expectReused: true)
        try night(expectReused: true)
        #expect(FileTree.isSameFile(thumbnail.path, output.path + "/photos/a.jpg"))
        #expect(FileTree.isSameFile(thumbnail.path, publisher.keptTree.path + "/photos/a.jpg"))

        try FileOperations.writeAtomically(Data("again".utf8), to: thumbnail)
        try night(expectReused: false)
        #expect(try String(contentsOf: output.appendingPathComponent("photos/a.jpg"), encoding: .utf8) == "again")
        #expect(
            try String(contentsOf: publisher.keptTree.appendingPathComponent("photos/a.jpg"), encoding: .utf8)
                == "first", "last night's tree is not written into")

        let published = FileTree.inode(output.path + "/photos/a.jpg")
        try FileOperations.writeAtomically(Data("again".utf8), to: thumbnail)
        try night(expectReused: true)
        #expect(FileTree.inode(output.path + "/photos/a.jpg") == published, "the same bytes: the published file")
    }
}
