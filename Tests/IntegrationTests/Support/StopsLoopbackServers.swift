import LoopbackServer
import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// The loopback servers a test case started, stopped (and awaited) when it ends,
/// pass or fail. A `deinit` can only start an unawaited task, which let a server
/// outlive its test and keep its port and threads while the next test ran.
final class LoopbackServerRegistry: Sendable {
    @TaskLocal static var current: LoopbackServerRegistry?

    private let stops = LockedBox([@Sendable () async -> Void]())

    /// Registers `server` with the running test case, if it runs under the trait.
    static func register(_ server: LoopbackServer) {
        register { await server.stop() }
    }

    /// Registers any server's stop (the token server's, say).
    static func register(stop: @escaping @Sendable () async -> Void) {
        current?.stops.withLock { $0.append(stop) }
    }

    func stopAll() async {
        for stop in stops.withLock({ $0 }) { await stop() }
    }
}

/// `@Suite(.stopsLoopbackServers)`: every test case below it stops its servers on exit.
struct StopsLoopbackServers: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// One scope per test case, so parameterized cases each get their own servers.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> StopsLoopbackServers? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
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
