import Foundation
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `StagingWriter.relinkUnchanged`: the files another tool wrote into the staging site (the
/// search index), each byte-identical to the published copy made a hard link to it.
@Suite("Staging writer: files another tool wrote, relinked to the published ones")
struct StagingWriterRelinkTests {
    @Test func identicalFilesBecomeThePublishedOnesAndNothingIsLeftBeside() throws {
        let folder = try Fixtures.temporaryDirectory()
        let (published, staging) = (folder.path("published"), folder.path("staging"))
        let shard = "pagefind/2026-12-w1a"
        for root in [published, staging] {
            try FileOperations.createDirectory(root.appendingPathComponent(shard))
        }
        func path(_ root: URL, _ name: String) -> String { root.appendingPathComponent("\(shard)/\(name)").path }
        for name in ["linked", "same", "changed"] {
            try FileOperations.write(Data("\(name) v1".utf8), to: URL(fileURLWithPath: path(published, name)))
        }
        // Already the published file (a hard link), a fresh identical copy, a changed file.
        #expect(link(path(published, "linked"), path(staging, "linked")) == 0)
        try FileOperations.write(Data("same v1".utf8), to: URL(fileURLWithPath: path(staging, "same")))
        try FileOperations.write(Data("changed v2".utf8), to: URL(fileURLWithPath: path(staging, "changed")))

        StagingWriter(staging: staging, previous: published).relinkUnchanged(in: shard)

        let names = try FileManager.default.contentsOfDirectory(atPath: staging.appendingPathComponent(shard).path)
        #expect(names.sorted() == ["changed", "linked", "same"], "no temporary link is left beside them")
        #expect(FileTree.isSameFile(path(published, "linked"), path(staging, "linked")))
        #expect(FileTree.isSameFile(path(published, "same"), path(staging, "same")))
        #expect(!FileTree.isSameFile(path(published, "changed"), path(staging, "changed")))
        #expect(try String(contentsOfFile: path(staging, "changed"), encoding: .utf8) == "changed v2")
    }
}
