import Foundation

/// Runs another program for the run (the publish command, sendmail): an argv array,
/// never a shell string; the environment given; optional standard input; a time limit
/// after which its whole process group is stopped.
struct ExternalCommand {
    /// How it ended.
    struct Outcome: Sendable, Equatable {
        var status: Int32
        var timedOut: Bool
        /// The last non-empty line it wrote to stderr, for the summary.
        var lastErrorLine: String?
        /// What it wrote to stdout, when asked for (`capturesOutput`), at most 64 KiB.
        var output = ""

        var succeeded: Bool { status == 0 && !timedOut }
    }

    struct Failure: Error, Sendable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    let arguments: [String]
    let environment: [String: String]
    var standardInput: Data?
    var workingDirectory: URL?
    let timeout: TimeInterval
    var capturesOutput = false

    func run() -> Result<Outcome, Failure> {
        let process = Process()
        let program = arguments[0]
        process.executableURL = program.contains("/") ? URL(fileURLWithPath: program) : Self.find(program, in: environment["PATH"])
        guard process.executableURL != nil else { return .failure(Failure(message: "\(program) was not found on PATH")) }
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let input = Pipe()
        process.standardInput = standardInput == nil ? FileHandle.nullDevice : input
        let output = Pipe()
        process.standardOutput = capturesOutput ? output : FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(Failure(message: "cannot start \(program): \(error.localizedDescription)"))
        }
        if let standardInput {
            // A program that stops reading early must not kill us with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try? input.fileHandleForWriting.write(contentsOf: standardInput)
            try? input.fileHandleForWriting.close()
        }
        let finished = DispatchSemaphore(value: 0)
        let stderr = LockedBox(Data())
        let stdout = LockedBox(Data())
        // Both pipes are drained on threads of their own, so a child that fills one while
        // we wait on the other never blocks.
        let readers = DispatchGroup()
        if capturesOutput {
            DispatchQueue.global().async(group: readers) {
                let data = output.fileHandleForReading.readDataToEndOfFile()
                stdout.withLock { $0 = data.prefix(65_536) }
            }
        }
        DispatchQueue.global().async(group: readers) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            stderr.withLock { $0 = data }
        }
        readers.notify(queue: .global()) { finished.signal() }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            // Foundation starts the program as the leader of its own process group: the
            // whole group goes (an rsync's ssh, a script's children), first asked, then forced.
            let group = -process.processIdentifier
            kill(group, SIGTERM)
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(group, SIGKILL)
                finished.wait()
            }
        }
        process.waitUntilExit()
        let lastLine = String(decoding: stderr.withLock { $0 }.suffix(4096), as: UTF8.self)
            .split(whereSeparator: \.isNewline).last.map { String($0.prefix(200)) }
        return .success(Outcome(status: process.terminationStatus, timedOut: timedOut, lastErrorLine: lastLine,
                                output: String(decoding: stdout.withLock { $0 }, as: UTF8.self)))
    }

    static func find(_ program: String, in path: String?) -> URL? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
