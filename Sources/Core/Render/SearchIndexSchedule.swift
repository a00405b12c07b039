import Foundation

/// Which shards Pagefind indexes at once. Two at a time use a machine's two cores, but a
/// Pagefind's memory grows with its records' text: measured with Pagefind 1.5 on W2's shards
/// (714 to 1,785 records of 1.5 to 3.8 MB), about 10 MB and 40 times the records' bytes, so
/// two of the largest held 262 MB beside this process's 175 MB on the cold night: 437 MB
/// together. A shard starts beside those running only while their estimates together stay
/// within `budget` (200 MB: the night's processes under 400 MB with this one under 200 MB),
/// the largest waiting shard first; a shard over the budget on its own runs alone. Small
/// shards (W1's, every night's one or two changed ones) still run two at a time.
package struct SearchIndexSchedule: Sendable {
    /// Pagefind's memory for a shard whose records hold `bytes` of HTML (measured, above).
    package static func memory(recordBytes bytes: Int) -> Int { 10 << 20 + 40 * bytes }
    package static let budget = 200 << 20

    private var waiting: [(index: Int, memory: Int)]
    private var running: [Int: Int] = [:]
    private let parallel: Int
    private let budget: Int
    /// Set when a shard fails: no other starts.
    package var stopped = false

    /// - Parameter memory: each shard's estimated memory (`memory(recordBytes:)`), by index.
    package init(memory: [Int], parallel: Int = 2, budget: Int = SearchIndexSchedule.budget) {
        waiting = memory.enumerated().map { (index: $0.offset, memory: $0.element) }
            .sorted { $0.memory != $1.memory ? $0.memory > $1.memory : $0.index < $1.index }
        self.parallel = max(1, parallel)
        self.budget = budget
    }

    /// The shards to start now (by index), counted as running until `finish`.
    package mutating func start() -> [Int] {
        var started: [Int] = []
        while !stopped, running.count < parallel, !waiting.isEmpty {
            let used = running.values.reduce(0, +)
            guard let next = running.isEmpty ? 0 : waiting.firstIndex(where: { used + $0.memory <= budget }) else {
                break
            }
            let shard = waiting.remove(at: next)
            running[shard.index] = shard.memory
            started.append(shard.index)
        }
        return started
    }

    package mutating func finish(_ index: Int) { running[index] = nil }
}
