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

    /// Two pieces of work at once, one on the calling thread.
    package static func both<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let results = LockedBox<(First?, Second?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let value = first()
                results.withLock { $0.0 = value }
            } else {
                let value = second()
                results.withLock { $0.1 = value }
            }
        }
        return results.withLock { ($0.0 ?? first(), $0.1 ?? second()) }
    }

    /// `elements.map(transform)`, in their order, one chunk per core. Below `serialBelow`
    /// elements it is the plain map: handing a small list to the pool costs more than it saves.
    package static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], serialBelow: Int = 256, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        guard elements.count >= serialBelow else { return elements.map(transform) }
        let parts = chunks(of: elements, empty: [Int: [Result]]()) { part in
            [part.startIndex: part.map(transform)]
        } merge: { all, part in
            all.merge(part) { first, _ in first }
        }
        return parts.keys.sorted().flatMap { parts[$0] ?? [] }
    }
}
