import Foundation
import LoopbackServer
@testable import MeetupReportBench
import Testing

/// `ChildProcess`: what make bench reads every goal from.
@Suite("Measuring a child process")
struct ChildProcessTests {
    /// A child that exits at once is timed as such, whatever the memory sampler's interval: the
    /// wall time was taken after the sampler stopped, and the sampler slept out its interval,
    /// so every wall time held up to one interval more (here it would be a minute).
    @Test func theWallTimeEndsWhenTheChildIsReaped() throws {
        let started = ContinuousClock.now
        let result = try ChildProcess.run("/bin/true", [], sampling: 60)
        #expect(result.status == 0)
        #expect(result.wallSeconds < 30, "the child exits at once; the sampler's minute is not the run's")
        #expect(ContinuousClock.now - started < .seconds(30), "stopping the sampler wakes it")
    }
}

/// `ChildProcess.run` awaited while the bench's loopback servers answer the child, as every
/// night of make bench is.
@Suite("Measuring a child the bench's servers answer")
struct ChildProcessServedTests {
    /// A core's worth of children at once, each asking the in-process server for a photo. Waited
    /// for on Swift's cooperative pool (`wait4` on its threads), they left the server no thread
    /// to answer on: each child's read timed out.
    @Test func childrenAwaitedLeaveTheServersThreadsToAnswerThem() async throws {
        let server = try LoopbackServer()
        let base = try await server.start()
        server.setPhoto(Data("photo".utf8), named: "a.jpg")
        let port = base.port ?? 0
        let script = """
            exec 3<>/dev/tcp/127.0.0.1/\(port) || exit 2
            printf 'GET /photos/a.jpg HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n' >&3
            IFS= read -r -t 20 line <&3 || exit 3
            case "$line" in "HTTP/1.1 200"*) exit 0 ;; *) exit 4 ;; esac
            """
        let children = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<children { group.addTask { try await ChildProcess.run("/bin/bash", ["-c", script]).status } }
            return try await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        await server.stop()
        #expect(statuses == Array(repeating: 0, count: children), "each child's answer came: \(statuses)")
    }
}
