import Foundation

/// Work started now on a thread of its own and waited for later: what it made, and how long it
/// took. A thread of its own, not libdispatch's pool: the render's `concurrentPerform` fills
/// that pool, and this work is what runs beside it (the cache's sweep beside the record step,
/// the search step's decision and links beside the render).
package final class BackgroundWork<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let result = LockedBox<(value: Value, seconds: Double)?>(nil)

    package init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        Thread.detachNewThread { [done, result] in
            let started = ContinuousClock.now
            let value = work()
            result.withLock { $0 = (value, (ContinuousClock.now - started).seconds) }
            done.leave()
        }
    }

    /// Waits for the work: its value and the seconds it took.
    package func wait() -> (value: Value, seconds: Double) {
        done.wait()
        guard let result = result.withLock({ $0 }) else {
            preconditionFailure("BackgroundWork: the group was left before the result was stored")
        }
        return result
    }
}
