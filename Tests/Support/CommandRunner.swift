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
    /// The executable sits beside the test bundle in the build folder.
    static var executable: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("meetup-report")
    }

    /// Python's answer to `script` (run as `python3 -c script arguments…`): what it printed.
    static func python(_ script: String, _ arguments: String...) async throws -> String {
        let result = try await run(["python3", "-c", script] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
        guard result.status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
        return result.stdout
    }

    /// - Parameters:
    ///   - executable: the program (default: the built `meetup-report`).
    ///   - onStart: told the child's pid once it runs (fault tests kill it).
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    executable: URL = CommandRunner.executable,
                    onStart: @escaping @Sendable (Int32) -> Void = { _ in }) async throws -> CommandResult {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: executable.path,
                NSLocalizedDescriptionKey: "build the executable first (make test does): \(executable.path)"])
        }
        return try await offThePool {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
            env.merge(environment) { _, new in new }
            process.environment = env
            if let directory { process.currentDirectoryURL = directory }
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            do { try process.run() } catch { return Result<CommandResult, Error>.failure(error) }
            onStart(process.processIdentifier)
            // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
            let errData = LockedBox(Data())
            let group = DispatchGroup()
            group.enter()
            DispatchQueue.global().async {
                let data = err.fileHandleForReading.readDataToEndOfFile()
                errData.withLock { $0 = data }
                group.leave()
            }
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            group.wait()
            process.waitUntilExit()
            return .success(CommandResult(status: process.terminationStatus,
                                          killedBySignal: process.terminationReason == .uncaughtSignal,
                                          stdout: String(decoding: outData, as: UTF8.self),
                                          stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self)))
        }.get()
    }
}
