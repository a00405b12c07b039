import Foundation

/// A command run after each successful publish, to put the site where static sites
/// live (rsync to a web server, `aws s3 sync`, `rclone sync`, a git push). It gets
/// the output folder as its last argument, the run's environment without its
/// secrets, and a time limit.
public struct PublishCommand: Sendable, Equatable {
    public static let defaultTimeout: TimeInterval = 600

    /// The program and its arguments; the output folder is appended.
    public var arguments: [String]
    public var timeout: TimeInterval

    public init(arguments: [String], timeout: TimeInterval = PublishCommand.defaultTimeout) {
        self.arguments = arguments
        self.timeout = timeout
    }

    /// How the command ended.
    public struct Outcome: Sendable, Equatable {
        public var status: Int32
        public var timedOut: Bool
        /// The last non-empty line it wrote to stderr, for the summary.
        public var lastErrorLine: String?

        public var succeeded: Bool { status == 0 && !timedOut }
    }

    /// Runs the command and waits for it (at most `timeout`, then SIGTERM, then SIGKILL).
    /// - Parameter hiddenVariables: environment variables the command must not see (secrets).
    public func run(outputDirectory: URL, environment: [String: String], hiddenVariables: Set<String>) -> Result<Outcome, PublishCommandError> {
        let process = Process()
        let program = arguments[0]
        process.executableURL = program.contains("/") ? URL(fileURLWithPath: program) : Self.find(program, in: environment["PATH"])
        guard process.executableURL != nil else {
            return .failure(PublishCommandError(message: "\(program) was not found on PATH"))
        }
        process.arguments = Array(arguments.dropFirst()) + [outputDirectory.path]
        process.environment = environment.filter { !hiddenVariables.contains($0.key) }
        process.currentDirectoryURL = outputDirectory.deletingLastPathComponent()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(PublishCommandError(message: "cannot start \(program): \(error.localizedDescription)"))
        }
        let finished = DispatchSemaphore(value: 0)
        let timedOut = LockedBox(false)
        let stderr = LockedBox(Data())
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            stderr.withLock { $0 = data }
            finished.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut.withLock { $0 = true }
            // Foundation starts the command as the leader of its own process group: the
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
        return .success(Outcome(status: process.terminationStatus, timedOut: timedOut.withLock { $0 }, lastErrorLine: lastLine))
    }

    static func find(_ program: String, in path: String?) -> URL? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

public struct PublishCommandError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
