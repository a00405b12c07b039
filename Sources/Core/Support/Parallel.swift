import Foundation

/// Work over many events split into one chunk per core, each chunk with state of
/// its own (date formatters are not thread-safe), results merged under a lock.
package enum Parallel {
    package static func chunks<Element: Sendable, Result: Sendable>(
        of elements: [Element], empty: Result,
        _ body: @Sendable (ArraySlice<Element>) -> Result,
        merge: @escaping @Sendable (inout Result, Result) -> Void
    ) -> Result {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let size = (elements.count + workers - 1) / workers
        let merged = LockedBox(empty)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let part = body(elements.dropFirst(worker * size).prefix(size))
            merged.withLock { merge(&$0, part) }
        }
        return merged.withLock { $0 }
    }
}
