import Foundation

/// Runs asynchronous jobs at most `limit` at a time, in submission order, without
/// blocking a thread while a job waits for its turn (a semaphore would park one per
/// waiting job). A job calls `done` exactly once when it finishes, from any thread.
package final class BoundedWork: Sendable {
    package typealias Job = @Sendable (_ done: @escaping @Sendable () -> Void) -> Void

    private struct State {
        var waiting: [Job] = []
        var running = 0
    }

    private let limit: Int
    private let state = LockedBox(State())

    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    package func enqueue(_ job: @escaping Job) {
        state.withLock { $0.waiting.append(job) }
        startWaiting()
    }

    /// A synchronous job on a Dispatch worker thread, counted while it runs.
    package func enqueueBlocking(_ work: @escaping @Sendable () -> Void) {
        enqueue { done in
            DispatchQueue.global(qos: .userInitiated).async {
                work()
                done()
            }
        }
    }

    private func startWaiting() {
        while let job = state.withLock({ state -> Job? in
            guard state.running < limit, !state.waiting.isEmpty else { return nil }
            state.running += 1
            return state.waiting.removeFirst()
        }) {
            job { [self] in
                state.withLock { $0.running -= 1 }
                // Not called inline: a job that finishes at once would otherwise nest
                // one stack frame deeper per queued job.
                DispatchQueue.global(qos: .userInitiated).async { self.startWaiting() }
            }
        }
    }
}
