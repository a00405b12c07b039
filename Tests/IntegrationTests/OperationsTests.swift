import Foundation
import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// A failed night someone sees: log lines with the journal's priorities when
/// stderr is the journal's stream, and `--quiet` silent on a good night.
@Suite("Operations: journal priorities, a quiet --quiet")
struct OperationsTests {
    static var demoArguments: [String] {
        [
            "--config", Fixtures.packageRoot.appendingPathComponent("Examples/demo/config.json").path,
            "--templates", Fixtures.templates.path, "--now", "2026-11-22T08:00:00Z",
        ]
    }

    /// Runs the binary with stderr going to a file, through a shell, with `JOURNAL_STREAM`
    /// naming that file's device and inode as systemd names the journal's stream.
    func runAsUnderSystemd(_ arguments: [String], folder: TemporaryDirectory, journal: Bool) async throws -> (
        status: Int32, stderr: String
    ) {
        let log = folder.path("stderr.log")
        try Data().write(to: log)
        let attributes = try FileManager.default.attributesOfItem(atPath: log.path)
        let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value ?? 0
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        let quoted = ([CommandRunner.executable.path] + arguments).map {
            "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'"
        }
        let script = "exec " + quoted.joined(separator: " ") + " 2>>'\(log.path)'"
        let result = try await CommandRunner.run(
            ["sh", "-c", script],
            environment: journal ? ["JOURNAL_STREAM": "\(device):\(inode)"] : ["JOURNAL_STREAM": "1:1"],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        return (result.status, try String(contentsOf: log, encoding: .utf8))
    }

    @Test func linesCarryTheirPriorityWhenStderrIsTheJournal() async throws {
        let folder = try TemporaryDirectory()
        let arguments =
            Self.demoArguments + [
                "--output", folder.path("Output").path, "--cache", folder.path("cache").path, "--state",
                folder.path("state").path,
            ]
        let run = try await runAsUnderSystemd(arguments, folder: folder, journal: true)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("<4>warning: photo") }, "the demo's broken photo is a warning: \(lines)")
        #expect(lines.contains { $0.hasPrefix("<6>query swift-ios:") }, "progress is info")
        #expect(lines.last?.hasPrefix("<6>meetup-report: ok:") == true, "\(lines.last ?? "")")
        #expect(
            lines.allSatisfy { $0.range(of: #"^<[3467]>"#, options: .regularExpression) != nil },
            "every line has its priority")

        let plain = try await runAsUnderSystemd(arguments, folder: folder, journal: false)
        #expect(
            plain.stderr.contains("warning: photo") && !plain.stderr.contains("<4>"),
            "another stream than the journal's: plain lines")
    }

    @Test func quietSaysNothingOnAGoodNightAndEverythingOnABadOne() async throws {
        let folder = try TemporaryDirectory()
        let good = try await CommandRunner.run(
            Self.demoArguments + [
                "--quiet", "--output", folder.path("Output").path,
                "--cache", folder.path("cache").path, "--state", folder.path("state").path,
            ])
        #expect(good.status == 0 && good.stderr.isEmpty, "cron mails nothing: \(good.stderr)")
        // A snapshot whose folder is gone: the run fails, and says why with what it warned.
        let config = folder.path("config.json")
        try Data(
            #"{"title": "T", "baseURL": "https://x.org/", "source": {"type": "snapshot", "directory": "snap"}, "queries": [{"id": "s", "keyword": "swift", "lat": 1, "lon": 2}]}"#
                .utf8
        )
        .write(to: config)
        try FileManager.default.createDirectory(at: folder.path("snap"), withIntermediateDirectories: true)
        let bad = try await CommandRunner.run([
            "--config", config.path, "--templates", Fixtures.templates.path, "--now", "2026-11-22T08:00:00Z", "--quiet",
        ])
        #expect(bad.status == 1 && bad.lastLine.hasPrefix("meetup-report: FAILED"), "\(bad.stderr)")
    }
}

/// Shell completions complete paths where a path goes.
@Suite("Shell completions")
struct CompletionTests {
    @Test func pathOptionsCompleteFilesAndFolders() async throws {
        let bash = try await CommandRunner.run(["--generate-completion-script", "bash"]).stdout
        #expect(
            bash.contains("'--config')\n        __meetup-report_add_completions -o plusdirs -fX '!*.@(json)'"),
            "the config: JSON files")
        for option in ["--templates", "--output", "--cache", "--record"] {
            #expect(bash.contains("'\(option)')\n        __meetup-report_add_completions -d"), "\(option): folders")
        }
        let zsh = try await CommandRunner.run(["--generate-completion-script", "zsh"]).stdout
        #expect(zsh.contains("--config[The JSON config file.]:file:_files -g"), "\(zsh.prefix(400))")
    }

    /// Completes a command line in a real bash with the generated script sourced, as
    /// bash-completion calls it: the words, the cursor's word, the word before it.
    func bashCompletions(_ words: [String], in folder: TemporaryDirectory) async throws -> [String] {
        let script = folder.path("meetup-report.bash")
        try await CommandRunner.run(["--generate-completion-script", "bash"]).stdout.write(
            to: script, atomically: true, encoding: .utf8)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _meetup-report meetup-report "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await CommandRunner.run(
            ["bash", "-c", driver], in: folder.url,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// `meetup-report --config FILE` runs `run`: its options complete at the top level too,
    /// in bash (run for real), zsh and fish (the delegation each script gains).
    @Test func theTopLevelCommandCompletesTheDefaultSubcommandsOptions() async throws {
        let folder = try TemporaryDirectory()
        try Data("{}".utf8).write(to: folder.path("queries.json"))
        #expect(try await bashCompletions(["meetup-report", "--con"], in: folder) == ["--config"])
        #expect(
            try await bashCompletions(["meetup-report", "--config", ""], in: folder) == ["queries.json"],
            "the value of a top-level --config completes JSON files")
        #expect(
            Set(try await bashCompletions(["meetup-report", "--config", "queries.json", "--o"], in: folder)) == [
                "--offline", "--output",
            ])
        let subcommands = try await bashCompletions(["meetup-report", ""], in: folder)
        #expect(subcommands.contains("run") && subcommands.contains("explain"), "\(subcommands)")
        #expect(try await bashCompletions(["meetup-report", "check", "--te"], in: folder) == ["--templates"])

        let zsh = try await CommandRunner.run(["--generate-completion-script", "zsh"]).stdout
        let root = zsh.components(separatedBy: "_meetup-report() {").last?.components(separatedBy: "\n}\n").first ?? ""
        #expect(root.contains("if [[ \"${words[2]}\" == -* ]]; then") && root.contains("_meetup-report_run"), "\(root)")
        let fish = try await CommandRunner.run(["--generate-completion-script=fish"]).stdout
        #expect(
            fish.contains("case 'meetup-report'\n        __meetup-report_parse_subcommand 0 'config='"),
            "the root parses run's options")
        #expect(
            fish.contains("for_flags_or_options \"meetup-report\" config' -l 'config'"),
            "--config offered with no subcommand")
    }
}
