import Foundation
import LoopbackServer
@testable import MeetupConfig
import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Through the binary: `init`, `check` on a good and a broken setup, `--version`,
/// and the publish command (argv, environment without secrets, failure and timeout).
extension LoopbackSuites {
    @Suite("Deploying: init, check, publish command")
    struct DeployTests {
        @Test func checkPassesOnAnInitSetupAndNamesEachFailureOfABrokenOne() async throws {
            let folder = try TemporaryDirectory()
            let site = folder.path("site")
            let initialised = try await CommandRunner.run([
                "init", site.path, "--with-templates", "--templates", Fixtures.templates.path,
            ])
            #expect(initialised.status == 0, "\(initialised.stderr)")
            let config = site.appendingPathComponent("queries.json")
            let good = try await CommandRunner.run(["check", "--config", config.path])
            #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
            #expect(
                good.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("ok ") }.count == 6, "\(good.stdout)")
            // The sample site at its own zone's 18:00 and with its place named (issue 62, item 14).
            // init wrote its sample events from the real clock: the run's clock is that one.
            let sample = try await CommandRunner.run([
                "--config", config.path, "--now", ISO8601.formatUTC(Date()), "--quiet",
            ])
            #expect(sample.status == 0, "\(sample.stderr)")
            let swift = try String(contentsOf: site.appendingPathComponent("Output/queries/swift.md"), encoding: .utf8)
            #expect(swift.contains("within 25 mi of Berlin") && !swift.contains("(UTC)"), "\(swift.prefix(600))")
            #expect(swift.contains("18:00"), "\(swift.prefix(600))")
            try? FileManager.default.removeItem(at: site.appendingPathComponent("Output"))
            let again = try await CommandRunner.run(["init", site.path])
            #expect(
                again.status == 1 && again.stderr.contains("exists already; nothing was written"), "\(again.stderr)")

            // Broken: a template that does not parse, and an output folder that is a file.
            try Data("{{#unclosed}}".utf8).write(to: site.appendingPathComponent("Templates/query.md.mustache"))
            try? FileManager.default.removeItem(at: site.appendingPathComponent("Output"))
            try Data("not a folder".utf8).write(to: site.appendingPathComponent("Output"))
            let broken = try await CommandRunner.run(["check", "--config", config.path])
            #expect(broken.status == 1)
            #expect(
                broken.stdout.contains(
                    "FAILED  templates: template \(site.path)/Templates/query.md.mustache does not parse"),
                "\(broken.stdout)")
            #expect(broken.stdout.contains("ok      cache folder"), "\(broken.stdout)")
            let version = try await CommandRunner.run(["--version"])
            #expect(version.stdout.hasPrefix(BuildInfo.version))
        }

        /// A script that records its argv and environment, then exits as told.
        func recorder(in folder: TemporaryDirectory, exit status: Int, sleep seconds: Int = 0) throws -> URL {
            let script = folder.path("publish.sh")
            try Data(
                """
                #!/bin/sh
                printf '%s\\n' "$@" > "\(folder.path("argv").path)"
                env > "\(folder.path("env").path)"
                sleep \(seconds)
                echo "uploading..." >&2
                echo "rsync: connection refused (pretend)" >&2
                exit \(status)

                """.utf8
            ).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return script
        }

        @Test func thePublishCommandGetsTheOutputFolderAndNoSecrets() async throws {
            let harness = try await PipelineHarness.start()
            let script = try recorder(in: harness.folder, exit: 0)
            var config = harness.config()
            config.publishCommand = PublishCommand(arguments: [script.path, "--delete", "user@host:/srv/www/"])
            let summary = await harness.run(config, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            #expect(summary.succeeded, "\(summary.line)")
            let argv = try String(contentsOf: harness.folder.path("argv"), encoding: .utf8)
            #expect(argv == "--delete\nuser@host:/srv/www/\n\(harness.outputDirectory.path)\n")
            let environment = try String(contentsOf: harness.folder.path("env"), encoding: .utf8)
            #expect(environment.contains("LANG=C.UTF-8"))
            #expect(
                !environment.contains(PipelineHarness.token) && !environment.contains("TEST_MEETUP_TOKEN"),
                "\(environment)")
        }

        @Test func aFailingOrHangingPublishCommandFailsTheRunAndKeepsTheLocalSite() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config()
            config.publishCommand = PublishCommand(arguments: [try recorder(in: harness.folder, exit: 12).path])
            let failed = await harness.run(config)
            #expect(!failed.succeeded && failed.published)
            #expect(
                failed.line.contains("publish command publish.sh exited with 12: rsync: connection refused (pretend)"),
                "\(failed.line)")
            #expect(
                try harness.page("index.html").contains("Test &amp; &lt;Meetups&gt;"), "the local site is published")

            config.publishCommand = PublishCommand(
                arguments: [try recorder(in: harness.folder, exit: 0, sleep: 30).path], timeout: 1)
            let hung = await harness.run(config)
            #expect(!hung.succeeded)
            #expect(hung.line.contains("publish command publish.sh stopped after 1 s"), "\(hung.line)")
        }
    }
}
