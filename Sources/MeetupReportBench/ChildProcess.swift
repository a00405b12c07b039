import Foundation

/// What one child process cost.
struct ChildResult {
    var status: Int32
    var wallSeconds: Double
    var cpuSeconds: Double
    /// Peak resident set size, from wait4's rusage.
    var peakRSSBytes: Int
    /// The largest resident memory of the process and its children together (sampled).
    var treePeakRSSBytes = 0
    var stderr: String
}

/// Runs a command and measures it: wall time, CPU time (wait4) and peak RSS.
enum ChildProcess {
    /// Peak RSS comes from GNU time's `%M`: Linux keeps `ru_maxrss` across exec, so a
    /// child spawned straight from the benchmark (which holds every photo in memory)
    /// would report the benchmark's size, not its own.
    /// - Parameter sampling: how often the process tree's memory is read (`ProcessTreeMemory`).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        sampling: TimeInterval = ProcessTreeMemory.interval
    ) throws -> ChildResult {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            return try spawn(executable, arguments, environment: environment, sampling: sampling)
        }
        var result = try spawn(
            "/usr/bin/time", ["-f", "MEETUP_BENCH_MAXRSS_KB %M", executable] + arguments, environment: environment,
            sampling: sampling)
        if let line = result.stderr.split(separator: "\n").last(where: { $0.hasPrefix("MEETUP_BENCH_MAXRSS_KB ") }),
            let kilobytes = Int(line.split(separator: " ").last ?? "")
        {
            result.peakRSSBytes = kilobytes * 1024
            result.stderr = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("MEETUP_BENCH_MAXRSS_KB ") }
                .joined(separator: "\n")
        }
        return result
    }

    /// `run`, waited for on a thread of its own: the bench's loopback servers answer on Swift's
    /// cooperative pool, one thread a core, and a child waited for (`wait4`) on a thread of that
    /// pool left them one of this machine's two while the night they serve ran. W2's fetch took
    /// 1.9-2.0 s in `make bench` against 1.0 s by hand, with the servers in a process of their
    /// own (docs/bench-log.md, issue 34's eighteenth part; `ChildProcessTests`).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        sampling: TimeInterval = ProcessTreeMemory.interval
    ) async throws -> ChildResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try run(executable, arguments, environment: environment, sampling: sampling) as ChildResult
                    })
            }
        }
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], sampling: TimeInterval
    ) throws -> ChildResult {
        let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: stderrFile) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrFile.path, O_WRONLY | O_TRUNC, 0o644)

        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        let started = ContinuousClock.now
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        let tree = ProcessTreeMemory(root: pid, interval: sampling)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        // Timed when the child is reaped, before the sampler is stopped: timed after it, every wall
        // time held up to one sampling interval more (W1's next night read 0.73 s in four runs of
        // make bench, 0.55-0.69 s by hand; ChildProcessTests).
        let wall = ContinuousClock.now - started
        let treePeak = tree.stop()
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
                usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ChildResult(
            status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
            wallSeconds: Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18,
            cpuSeconds: cpu,
            peakRSSBytes: usage.ru_maxrss * 1024, treePeakRSSBytes: treePeak,
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "")
    }
}
