import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `BoundedWork`: at most its limit at once, in submission order. Synchronised by events, never by sleeping.
@Suite("Bounded work")
struct BoundedWorkTests {
    @Test func boundedWorkRunsAtMostItsLimitInSubmissionOrder() {
        let work = BoundedWork(limit: 2)
        let started = LockedBox([Int]())
        let release = LockedBox([Int: @Sendable () -> Void]())
        let starts = DispatchSemaphore(value: 0)
        for job in 0..<6 {
            work.enqueue { done in
                started.withLock { $0.append(job) }
                release.withLock { $0[job] = done }
                starts.signal()
            }
        }
        starts.wait(); starts.wait()
        #expect(started.withLock { $0 } == [0, 1], "two at once, the first two")
        #expect(starts.wait(timeout: .now() + 0.2) == .timedOut, "a third waits for a slot")
        for job in 0..<6 {
            guard let done = release.withLock({ $0[job] }) else { Issue.record("job \(job) never started"); return }
            done()
            if job + 2 < 6 { starts.wait() }
            #expect(started.withLock { $0.count } <= job + 3, "never more than two running")
        }
        #expect(started.withLock { $0 } == Array(0..<6))
    }
}
