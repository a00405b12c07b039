import Foundation
import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// Parts that had no test of their own (issue 11): the publisher's carry-over of
/// hidden files and clean-up of dead runs' staging folders, and address ranges.
@Suite("Publisher and address policy")
struct PublisherAndPolicyTests {
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
        #expect(siblings == ["Output"], "\(siblings)")
    }

    @Test(arguments: [
        ("100.64.0.1", true), ("100.127.255.254", true), ("100.128.0.1", false), ("100.63.255.255", false),
        ("::ffff:10.0.0.1", true), ("::ffff:127.0.0.1", true), ("::ffff:100.64.1.1", true), ("::ffff:8.8.8.8", false),
        ("169.254.169.254", true), ("fe80::1", true), ("fd00::1", true), ("2001:4860:4860::8888", false),
        ("93.184.216.34", false),
    ])
    func privateRangesIncludeCarrierGradeNATAndMappedAddresses(address: String, isPrivate: Bool) {
        #expect(AddressPolicy.isPrivate(address: address) == isPrivate)
        let policy = AddressPolicy(allowsPrivateAddresses: false)
        let host = address.contains(":") ? "[\(address)]" : address
        let refusal = policy.refusal(for: URL(string: "https://\(host)/photo.jpg")!)
        #expect((refusal != nil) == isPrivate, "\(address): \(refusal ?? "allowed")")
    }
}
