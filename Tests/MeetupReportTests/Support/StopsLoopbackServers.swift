import LoopbackServer
import MeetupReportCore
import Testing

/// The loopback servers a test case started, stopped (and awaited) when it ends,
/// pass or fail. A `deinit` can only start an unawaited task, which let a server
/// outlive its test and keep its port and threads while the next test ran.
final class LoopbackServerRegistry: Sendable {
    @TaskLocal static var current: LoopbackServerRegistry?

    private let servers = LockedBox([LoopbackServer]())

    /// Registers `server` with the running test case, if it runs under the trait.
    static func register(_ server: LoopbackServer) {
        current?.servers.withLock { $0.append(server) }
    }

    func stopAll() async {
        for server in servers.withLock({ $0 }) { await server.stop() }
    }
}

/// `@Suite(.stopsLoopbackServers)`: every test case below it stops its servers on exit.
struct StopsLoopbackServers: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// One scope per test case, so parameterized cases each get their own servers.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> StopsLoopbackServers? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let registry = LoopbackServerRegistry()
        do {
            try await LoopbackServerRegistry.$current.withValue(registry) { try await function() }
        } catch {
            await registry.stopAll()
            throw error
        }
        await registry.stopAll()
    }
}

extension Trait where Self == StopsLoopbackServers {
    static var stopsLoopbackServers: Self { StopsLoopbackServers() }
}
