import Foundation
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
