import Foundation

/// Runs another program (Pagefind, the publish command, sendmail, and in the tests the
/// built binary and Python): an argv array, never a shell string; the child environment
/// (never the raw one, see `ChildEnvironment`); optional standard input; a time limit
/// after which its whole process group is stopped. A program that is missing or not
/// executable is a failure with a message, never a crash. The one way anything here
/// starts a process (the benchmark's rusage-measuring spawn aside).
package struct ExternalCommand {
    /// How it ended.
    package struct Outcome: Sendable, Equatable {
        package var status: Int32
        package var timedOut: Bool
        /// Ended by a signal (`status` is then the signal's number).
        package var killedBySignal = false
        /// What it wrote to stdout, when asked for (`capturesOutput`), at most `outputLimit` bytes.
        package var output = ""
        /// Everything it wrote to stderr.
        package var errorOutput = ""

        package var succeeded: Bool { status == 0 && !timedOut && !killedBySignal }

        /// The last non-empty line it wrote to stderr, whole: redact it before cutting it
        /// short for a summary (`SecretRedactor.redact(_:limit:)`).
        package var lastErrorLine: String? { errorOutput.split(whereSeparator: \.isNewline).last.map(String.init) }
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
    var outputLimit = 65_536
    /// Told the child's pid once it runs (tests that kill it at a chosen moment).
    var onStart: (@Sendable (Int32) -> Void)?

    package init(
        arguments: [String], environment: ChildEnvironment, standardInput: Data? = nil, workingDirectory: URL? = nil,
        timeout: TimeInterval, capturesOutput: Bool = false, outputLimit: Int = 65_536,
        onStart: (@Sendable (Int32) -> Void)? = nil
    ) {
        self.arguments = arguments
        self.environment = environment
        self.standardInput = standardInput
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.capturesOutput = capturesOutput
        self.outputLimit = outputLimit
        self.onStart = onStart
    }

    package func run() -> Result<Outcome, Failure> {
        let executable: URL
        switch Self.resolve(arguments.first ?? "", searchPath: environment.searchPath) {
        case .success(let url): executable = url
        case .failure(let failure): return .failure(failure)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment.variables
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = standardInput == nil ? FileHandle.nullDevice : input
        process.standardOutput = capturesOutput ? output : FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(Failure(message: "cannot start \(arguments[0]): \(error.localizedDescription)"))
        }
        onStart?(process.processIdentifier)
        if let standardInput {
            // A program that stops reading early must not kill us with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try? input.fileHandleForWriting.write(contentsOf: standardInput)
            try? input.fileHandleForWriting.close()
        }
        let drained = drain(output: capturesOutput ? output : nil, errors: errors)
        let timedOut = waitOrStop(process, finished: drained.finished)
        process.waitUntilExit()
        return .success(
            Outcome(
                status: process.terminationStatus, timedOut: timedOut,
                killedBySignal: process.terminationReason == .uncaughtSignal,
                output: String(decoding: drained.stdout.withLock { $0 }, as: UTF8.self),
                errorOutput: String(decoding: drained.stderr.withLock { $0 }, as: UTF8.self)))
    }

    /// Reads both pipes to their end on threads of their own, so a child that fills one
    /// while we wait on the other never blocks; `finished` is done when both are.
    private func drain(output: Pipe?, errors: Pipe) -> (
        finished: DispatchGroup, stdout: LockedBox<Data>, stderr: LockedBox<Data>
    ) {
        let stdout = LockedBox(Data()), stderr = LockedBox(Data())
        let readers = DispatchGroup()
        let limit = outputLimit
        // Threads of their own, not libdispatch's pool: a read blocks until the child ends, and
        // with the pool's threads busy (a render beside a Pagefind, two children at once) it waited
        // for one to free, or a second for libdispatch to add one (SearchIndexJobTests: 1.0 s a
        // child on two cores).
        func read(_ pipe: Pipe, into box: LockedBox<Data>, limit: Int) {
            readers.enter()
            Thread.detachNewThread {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                box.withLock { $0 = data.prefix(limit) }
                readers.leave()
            }
        }
        if let output { read(output, into: stdout, limit: limit) }
        read(errors, into: stderr, limit: Int.max)
        return (readers, stdout, stderr)
    }

    /// Waits for the child's output to end; past the time limit its whole process group
    /// (Foundation makes the child a group leader: an rsync's ssh, a script's children)
    /// is asked to stop, then forced. True when the limit was reached.
    private func waitOrStop(_ process: Process, finished: DispatchGroup) -> Bool {
        guard finished.wait(timeout: .now() + timeout) == .timedOut else { return false }
        let group = -process.processIdentifier
        kill(group, SIGTERM)
        if finished.wait(timeout: .now() + 5) == .timedOut {
            kill(group, SIGKILL)
            finished.wait()
        }
        return true
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
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return nil
    }
}
