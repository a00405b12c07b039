import Dispatch
import Foundation
@testable import MeetupSupport
import Testing

/// `ProcessMemory.free(beside:)`: what the value held is released on a thread of its own, and the
/// caller's variable is left holding the empty value.
@Suite("ProcessMemory")
struct ProcessMemoryTests {
    /// Says, when it is released, on which thread that happened.
    final class Witness: Sendable {
        let released: LockedBox<pthread_t?>
        let done: DispatchSemaphore

        init(released: LockedBox<pthread_t?>, done: DispatchSemaphore) {
            self.released = released
            self.done = done
        }

        deinit {
            released.withLock { $0 = pthread_self() }
            done.signal()
        }
    }

    struct Night: Sendable {
        var witnesses: [Witness] = []
    }

    @Test func theValueIsReleasedOnAnotherThreadAndTheCallerKeepsTheEmptyOne() {
        let released = LockedBox<pthread_t?>(nil)
        let done = DispatchSemaphore(value: 0)
        var night = Night(witnesses: [Witness(released: released, done: done)])
        ProcessMemory.free(beside: &night, leaving: Night())
        #expect(night.witnesses.isEmpty)
        #expect(done.wait(timeout: .now() + 30) == .success, "the value was released")
        let thread = released.withLock { $0 }
        // Released here, the caller would have paid for it (and the caller's copy outlived the box's).
        #expect(thread.map { pthread_equal($0, pthread_self()) == 0 } == true)
    }
}
