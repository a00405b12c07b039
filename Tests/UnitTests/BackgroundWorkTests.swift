import Dispatch
import Foundation
@testable import MeetupSupport
import Testing

/// `BackgroundWork`: the work starts when it is made, beside its caller, and `wait` hands back
/// what it made.
@Suite("BackgroundWork")
struct BackgroundWorkTests {
    @Test func theWorkRunsBesideItsCallerFromTheStart() {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let made = ContinuousClock.now
        let work = BackgroundWork { () -> String in
            started.signal()
            // Held until the caller, which has not waited yet, has seen it start.
            return release.wait(timeout: .now() + 30) == .success ? "made" : "never released"
        }
        #expect(started.wait(timeout: .now() + 30) == .success, "the work started before anyone waited for it")
        let seen = ContinuousClock.now
        let held = ContinuousClock.now - seen
        release.signal()
        let (value, seconds) = work.wait()
        let total = ContinuousClock.now - made
        #expect(value == "made")
        // Its own time: running from before `seen` until after the release, within the test's.
        #expect(seconds >= held.seconds && seconds <= total.seconds, "\(held) <= \(seconds) s <= \(total)")
    }
}
