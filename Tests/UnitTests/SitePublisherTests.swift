import Foundation
import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// `SitePublisher`: hidden files carried over, dead staging folders removed, the old site kept.
@Suite("Site publisher")
struct SitePublisherTests {
    @Test func hiddenFilesAreCarriedOverAndDeadStagingFoldersRemoved() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("site/Output")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: output.appendingPathComponent("index.html"))
        try Data("Header set X-Frame-Options DENY\n".utf8).write(to: output.appendingPathComponent(".htaccess"))
        // A staging folder left by a run that died (pid 1 is init, never a meetup-report run
        // we could collide with: it is alive, so use a pid that cannot exist).
        let dead = folder.path("site/.Output.staging-2147483646-deadbeef")
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: true)

        let publisher = SitePublisher(outputDirectory: output)
        let staging = try publisher.makeStagingDirectory()
        #expect(!FileManager.default.fileExists(atPath: dead.path), "the dead run's staging folder is removed")
        try Data("new".utf8).write(to: staging.appendingPathComponent("index.html"))
        try publisher.publish(staging)

        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "new")
        #expect(
            try String(contentsOf: output.appendingPathComponent(".htaccess"), encoding: .utf8).hasPrefix("Header set"))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.path("site").path)
        #expect(siblings.sorted() == [".Output.kept", "Output"], "\(siblings)")
        // The site the swap took out is kept, and is the next night's staging folder.
        #expect(
            try String(contentsOf: publisher.keptTree.appendingPathComponent("index.html"), encoding: .utf8) == "old")
        let next = try publisher.makeStagingDirectory(reusingKeptTree: true)
        #expect(try String(contentsOf: next.appendingPathComponent("index.html"), encoding: .utf8) == "old")
        #expect(!FileManager.default.fileExists(atPath: publisher.keptTree.path))
    }
}
