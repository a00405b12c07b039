import Foundation

/// Runs another program for the run (Pagefind, the publish command, sendmail): an argv
/// array, never a shell string; the child environment (never the raw one, see
/// `ChildEnvironment`); optional standard input; a time limit after which its whole
/// process group is stopped. A program that is missing or not executable is a
/// failure with a message, never a crash.
package struct ExternalCommand {
    /// How it ended.
    package struct Outcome: Sendable, Equatable {
        package var status: Int32
        package var timedOut: Bool
        /// The last non-empty line it wrote to stderr, whole: redact it before cutting it
        /// short for a summary (`SecretRedactor.redact(_:limit:)`).
        package var lastErrorLine: String?
        /// What it wrote to stdout, when asked for (`capturesOutput`), at most 64 KiB.
        package var output = ""

        package var succeeded: Bool { status == 0 && !timedOut }
    }

    package struct Failure: Error, Sendable, CustomStringConvertible {
        let message: String
        package var description: String { message }
    }

    let arguments: [String]
    let environment: ChildEnvironment
    var standardInput: Data?
    var workingDirectory: URL?
    let timeout: TimeInterval
    var capturesOutput = false

    package init(arguments: [String], environment: ChildEnvironment, standardInput: Data? = nil, workingDirectory: URL? = nil,
                 timeout: TimeInterval, capturesOutput: Bool = false) {
        self.arguments = arguments
        self.environment = environment
        self.standardInput = standardInput
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.capturesOutput = capturesOutput
    }

    package func run() -> Result<Outcome, Failure> {
        let executable: URL
        switch Self.resolve(arguments.first ?? "", searchPath: environment.searchPath) {
        case .success(let url): executable = url
        case .failure(let failure): return .failure(failure)
        }
        let program = arguments[0]
        let process = Process()
        process.executableURL = executable
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment.variables
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
        // Whole: the caller redacts it before cutting it short (a cut secret is no longer recognised).
        let lastLine = String(decoding: stderr.withLock { $0 }, as: UTF8.self)
            .split(whereSeparator: \.isNewline).last.map(String.init)
        return .success(Outcome(status: process.terminationStatus, timedOut: timedOut, lastErrorLine: lastLine,
                                output: String(decoding: stdout.withLock { $0 }, as: UTF8.self)))
    }

    /// The program a child would run: a path as given, a bare name on `searchPath`,
    /// as execvp would find it. A missing, non-executable or directory entry is a
    /// failure that says which and where it looked.
    package static func resolve(_ program: String, searchPath: String) -> Result<URL, Failure> {
        guard !program.isEmpty else { return .failure(Failure(message: "no program given")) }
        if program.contains("/") {
            let url = URL(fileURLWithPath: program)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                return .failure(Failure(message: "\(program) does not exist"))
            }
            guard !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: url.path) else {
                return .failure(Failure(message: "\(program) is not an executable program"))
            }
            return .success(url)
        }
        if let found = find(program, in: searchPath) { return .success(found) }
        return .failure(Failure(message: "\(program) was not found on PATH (\(searchPath)); give its full path"))
    }

    package static func find(_ program: String, in path: String) -> URL? {
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(program)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
