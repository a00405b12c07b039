import Foundation
import MeetupSupport

/// Runs the real `meetup-report` executable, as cron would, and captures what it prints.
struct CommandResult: Sendable {
    var status: Int32
    /// True when the process was ended by a signal (then `status` is the signal number).
    var killedBySignal = false
    var stdout: String
    var stderr: String

    var lastLine: String { stderr.split(separator: "\n").last.map(String.init) ?? "" }
}

/// Runs blocking work (the pipeline, a child process) on a Dispatch thread, so it
/// never occupies the Swift concurrency pool the loopback server runs on.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}

enum CommandRunner {
    /// libfaketime's variables, when the suite itself runs under `faketime` (Scripts/check-clock.sh):
    /// the binary a test starts gets the same shifted clock as the test, so a test that reads
    /// the real date where it means a fixed one fails there, not on the day its fixtures pass.
    static let fakedClock: [String: String] = ProcessInfo.processInfo.environment.filter { name, _ in
        name == "LD_PRELOAD" || name == "FAKETIME" || name.hasPrefix("FAKETIME_") || name == "DONT_FAKE_MONOTONIC"
    }

    /// The executable sits beside the test bundle in the build folder.
    static var executable: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("meetup-report")
    }

    /// The commands whose output depends on the report's clock: a run (the default command),
    /// `backfill` and `explain` over the tests' fixtures, whose dates are fixed.
    static let clockedCommands: Set<String> = ["run", "backfill", "explain"]

    /// Why `arguments` may not be run: a clocked command with a config and no `--now` reads the
    /// real date, so its outcome changes on the day a fixture's event begins (issue 61).
    static func reportClockMissing(_ arguments: [String]) -> String? {
        let command = arguments.first.map { $0.hasPrefix("-") ? "run" : $0 } ?? "run"
        guard clockedCommands.contains(command), arguments.contains("--config"),
            !arguments.contains(where: { $0 == "--now" || $0.hasPrefix("--now=") })
        else { return nil }
        return "a test's \(command) needs --now (the fixtures' dates are fixed): \(arguments.joined(separator: " "))"
    }

    /// Python's answer to `script` (run as `python3 -c script arguments…`): what it printed.
    static func python(_ script: String, _ arguments: String...) async throws -> String {
        let result = try await run(
            ["python3", "-c", script] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
        guard result.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return result.stdout
    }

    /// - Parameters:
    ///   - executable: the program (default: the built `meetup-report`).
    ///   - onStart: told the child's pid once it runs (fault tests kill it).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
        executable: URL = CommandRunner.executable,
        onStart: @escaping @Sendable (Int32) -> Void = { _ in }
    ) async throws -> CommandResult {
        if executable == CommandRunner.executable, let unclocked = reportClockMissing(arguments) {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: unclocked])
        }
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSFilePathErrorKey: executable.path,
                    NSLocalizedDescriptionKey: "build the executable first (make test does): \(executable.path)",
                ])
        }
        // The tool's own runner (ExternalCommand), with the whole output and no time limit to speak of.
        let command = ExternalCommand(
            arguments: [executable.path] + arguments,
            environment: ChildEnvironment(
                exactly: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
                    .merging(fakedClock) { _, faked in faked }
                    .merging(environment) { _, new in new }),
            workingDirectory: directory, timeout: 600, capturesOutput: true, outputLimit: .max, onStart: onStart)
        return try await offThePool { command.run() }.map { outcome in
            CommandResult(
                status: outcome.status, killedBySignal: outcome.killedBySignal, stdout: outcome.output,
                stderr: outcome.errorOutput)
        }.get()
    }
}
