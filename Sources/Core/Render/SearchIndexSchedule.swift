import Foundation

/// Which shards Pagefind indexes at once. Two at a time use a machine's two cores, but a
/// Pagefind's memory grows with its records' text: measured with Pagefind 1.5 on W2's shards
/// (714 to 1,785 records of 1.5 to 3.8 MB), about 10 MB and 40 times the records' bytes, so
/// two of the largest held 262 MB beside this process's 175 MB on the cold night: 437 MB
/// together. A shard starts beside those running only while their estimates together stay
/// within `budget` (200 MB: the night's processes under 400 MB with this one under 200 MB),
/// the largest waiting shard first; a shard over the budget on its own runs alone. Small
/// shards (W1's, every night's one or two changed ones) still run two at a time.
///
/// The shards are indexed while the render runs (`narrowed`): then the Pagefinds stay within
/// `besideRender(records:shards:)` together and none runs over it; the others wait for the
/// render's end (`widen`). The budget is the same 200 MB: the render's own peak is at most the
/// cold night's (W2 179 MB), so with 200 MB beside it the night stays under 400 MB; measured on
/// W2's night with one event changed, its half-week shard of 1,250 records beside the render:
/// 259-287 MB together, against 264-265 MB after it (issue 34's thirteenth part).
package struct SearchIndexSchedule: Sendable {
    /// Pagefind's memory for a shard whose records hold `bytes` of HTML (measured, above).
    package static func memory(recordBytes bytes: Int) -> Int { 10 << 20 + 40 * bytes }
    package static let budget = 200 << 20
    /// What the Pagefinds may hold together while the render runs, when the night indexes
    /// `records` in `shards`: the budget, or nothing for more than 600 records in more than two
    /// shards. A night that indexes that much renders as many pages (a cold night, or one on
    /// which most events changed), and the two then contend for the disk (each writes thousands
    /// of files) more than they share the cores: W1's cold night with its 1,000 records in 8
    /// shards beside the render took 0.2-0.9 s longer (three nights each alternating, issue 34's
    /// twelfth part). A night with an event or two changed gains what the index takes, even a
    /// large shard's: W2's one changed event, 1,250 records, 6.23-7.03 s → 5.74-6.00 s.
    package static func besideRender(records: Int, shards: Int) -> Int {
        records > 600 && shards > 2 ? 0 : budget
    }

    private var waiting: [(index: Int, memory: Int)]
    private var running: [Int: Int] = [:]
    private let parallel: Int
    private var budget: Int
    private let wideBudget: Int
    /// Set when a shard fails: no other starts.
    package var stopped = false

    /// - Parameters:
    ///   - memory: each shard's estimated memory (`memory(recordBytes:)`), by index.
    ///   - narrowed: a budget to keep, none running over it alone, until `widen`.
    package init(memory: [Int], parallel: Int = 2, budget: Int = SearchIndexSchedule.budget, narrowed: Int? = nil) {
        waiting = memory.enumerated().map { (index: $0.offset, memory: $0.element) }
            .sorted { $0.memory != $1.memory ? $0.memory > $1.memory : $0.index < $1.index }
        self.parallel = max(1, parallel)
        self.budget = narrowed.map { min($0, budget) } ?? budget
        wideBudget = budget
        isNarrowed = narrowed != nil
    }

    /// Whether the narrowed budget holds (no shard runs over it alone).
    package private(set) var isNarrowed: Bool

    /// The full budget from now on; `start` says what it lets start.
    package mutating func widen() {
        budget = wideBudget
        isNarrowed = false
    }

    /// The shards to start now (by index), counted as running until `finish`.
    package mutating func start() -> [Int] {
        var started: [Int] = []
        while !stopped, running.count < parallel, !waiting.isEmpty {
            let used = running.values.reduce(0, +)
            let fits = waiting.firstIndex { used + $0.memory <= budget }
            guard let next = running.isEmpty && !isNarrowed ? 0 : fits else { break }
            let shard = waiting.remove(at: next)
            running[shard.index] = shard.memory
            started.append(shard.index)
        }
        return started
    }

    package mutating func finish(_ index: Int) { running[index] = nil }
}
