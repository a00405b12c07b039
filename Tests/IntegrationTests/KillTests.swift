import Foundation
import LoopbackServer
import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

extension LoopbackSuites {
    @Suite("SIGKILL at any point loses nothing")
    struct KillTests {
        @Test func killedRunsLeaveThePreviousSiteAndTheNextRunSucceeds() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setLatency(.milliseconds(5))
            let configFile = harness.folder.path("queries.json")
            let config: [String: Any] = [
                "title": "Kill", "baseURL": "https://example.org/", "timeZone": "Europe/Berlin",
                "source": [
                    "type": "meetup-api", "endpoint": harness.baseURL.appendingPathComponent("gql").absoluteString,
                    "tokenVariable": "TEST_MEETUP_TOKEN",
                ],
                // History off: a completed run would rightly add a chart point, and this test
                // compares sites byte for byte ("the old site or an identical new one").
                "output": "site/Output", "cache": "cache", "thumbnailWidth": 100, "photoConcurrency": 2,
                "history": ["enabled": false],
                "queries": [
                    ["id": "swift", "keyword": "swift", "lat": 52.5, "lon": 13.4],
                    ["id": "rust", "keyword": "rust", "lat": 52.5, "lon": 13.4],
                    ["id": "online", "keyword": "online", "lat": 52.5, "lon": 13.4],
                ],
            ]
            try JSONSerialization.data(withJSONObject: config).write(to: configFile)
            let arguments = ["--config", configFile.path, "--now", "2026-11-22T08:00:00Z", "--quiet"]
            let environment = ["TEST_MEETUP_TOKEN": PipelineHarness.token]

            let first = try await CommandRunner.run(arguments, environment: environment)
            #expect(first.status == 0, "\(first.stderr)")
            let goodSite = PipelineHarness.tree(harness.outputDirectory)
            let cache = harness.folder.path("cache")

            // Kill at the k-th request the server sees (fetch and photo stages), and at
            // seeded random moments after the last one (thumbnails, render, publish).
            var random = SeededGenerator(state: 0xC0FFEE)
            let plans: [(request: Int, delayMicroseconds: UInt32)] =
                (1...9).map { ($0, 0) } + (0..<6).map { _ in (9, UInt32.random(in: 0...60_000, using: &random)) }
            var killed = 0
            for (index, plan) in plans.enumerated() {
                // Every other kill starts cold: downloads and thumbnails too.
                if index % 2 == 0 { try? FileManager.default.removeItem(at: cache) }
                let child = KillSwitch()
                let seen = LockedBox(0)
                harness.server.setRequestObserver { _ in
                    guard
                        seen.withLock({
                            $0 += 1; return $0
                        }) == plan.request
                    else { return }
                    if plan.delayMicroseconds == 0 {
                        child.kill()
                    } else {
                        DispatchQueue.global().async {
                            usleep(plan.delayMicroseconds); child.kill()
                        }
                    }
                }
                let result = try await CommandRunner.run(arguments, environment: environment) { started in
                    child.started(started)
                }
                if result.killedBySignal { killed += 1 }
                #expect(
                    PipelineHarness.tree(harness.outputDirectory) == goodSite,
                    "plan \(index): the site is the old one or an identical new one")
            }
            harness.server.setRequestObserver(nil)
            // Certain kills: the 7 plans whose request is reached (warm runs make only the 4 API
            // requests; photos are fresh) and killed synchronously inside the server's handler.
            // Delayed kills may land after the run has finished, which is fine.
            #expect(killed >= 7, "runs were really killed (\(killed) of \(plans.count))")

            let after = try await CommandRunner.run(arguments, environment: environment)
            #expect(after.status == 0, "\(after.stderr)")
            #expect(PipelineHarness.tree(harness.outputDirectory) == goodSite)
            let siblings = try FileManager.default.contentsOfDirectory(
                atPath: harness.outputDirectory.deletingLastPathComponent().path)
            #expect(!siblings.contains { $0.contains("staging") }, "\(siblings)")
            let incoming =
                (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("incoming").path))
                ?? []
            #expect(incoming.isEmpty, "no half-downloaded file survives a run")
        }
    }
}

/// Kills the child once both are true: a kill was asked for and its pid is known.
/// A request can reach the server before `Process.run()` has returned the pid;
/// `kill(0, SIGKILL)` would then kill the whole process group, test runner included.
final class KillSwitch: Sendable {
    private struct State {
        var pid: Int32?
        var requested = false
    }

    private let state = LockedBox(State())

    func started(_ pid: Int32) {
        let killNow = state.withLock { state in
            state.pid = pid
            return state.requested
        }
        if killNow, pid > 0 { Glibc.kill(pid, SIGKILL) }
    }

    func kill() {
        let pid = state.withLock { state -> Int32? in
            state.requested = true
            return state.pid
        }
        if let pid, pid > 0 { Glibc.kill(pid, SIGKILL) }
    }
}
