import Foundation
@testable import MeetupRender
import Testing

@Suite("Search index schedule: which shards Pagefind indexes at once")
struct SearchIndexScheduleTests {
    static let megabyte = 1 << 20

    /// Runs a schedule to its end, each started shard finishing in the order started; the
    /// shards that ran together (started while another ran) and the order of starts.
    static func run(_ memory: [Int], budget: Int) -> (order: [Int], together: [Set<Int>]) {
        var schedule = SearchIndexSchedule(memory: memory, budget: budget)
        var running: [Int] = []
        var order: [Int] = []
        var together: [Set<Int>] = []
        repeat {
            let started = schedule.start()
            order += started
            running += started
            if running.count > 1 { together.append(Set(running)) }
            guard let first = running.first else { break }
            running.removeFirst()
            schedule.finish(first)
        } while true
        return (order, together)
    }

    @Test func smallShardsRunTwoAtATimeLargestFirst() {
        let (order, together) = Self.run([30, 50, 40, 20].map { $0 * Self.megabyte }, budget: 200 * Self.megabyte)
        #expect(order == [1, 2, 0, 3])
        #expect(together.first == [1, 2])
        #expect(together.allSatisfy { $0.count == 2 })
    }

    @Test func twoShardsOverTheBudgetTogetherRunOneAfterTheOther() {
        // W2's cold night: 161 MB and 131 MB estimates, with a small one that fits beside either.
        let (order, together) = Self.run([131, 161, 35].map { $0 * Self.megabyte }, budget: 200 * Self.megabyte)
        #expect(order == [1, 2, 0])
        #expect(!together.contains { $0.isSuperset(of: [0, 1]) })
        #expect(together.contains([1, 2]))
    }

    @Test func aShardOverTheBudgetOnItsOwnStillRuns() {
        let (order, together) = Self.run([250 * Self.megabyte], budget: 200 * Self.megabyte)
        #expect(order == [0])
        #expect(together.isEmpty)
    }

    @Test func aStoppedScheduleStartsNothingMore() {
        var schedule = SearchIndexSchedule(memory: [1, 1, 1], budget: 10)
        #expect(schedule.start() == [0, 1])
        schedule.stopped = true
        schedule.finish(0)
        #expect(schedule.start().isEmpty)
    }

    @Test func besideTheRenderOnlyWhatFitsTheNarrowedBudgetStartsThenTheRest() {
        // W1's shards (about 50 MB each) run two at a time beside the render; W2's do not start
        // until it ends, not even alone.
        var small = SearchIndexSchedule(memory: [50, 45, 40].map { $0 * Self.megabyte }, narrowed: 100 * Self.megabyte)
        #expect(small.start() == [0, 1])
        small.finish(0)
        #expect(small.start() == [2])
        var large = SearchIndexSchedule(
            memory: [131, 161, 35].map { $0 * Self.megabyte }, narrowed: 100 * Self.megabyte)
        #expect(large.isNarrowed)
        #expect(large.start() == [2], "only the small one fits beside the render")
        large.finish(2)
        #expect(large.start().isEmpty, "a shard over the narrowed budget does not run alone")
        large.widen()
        #expect(!large.isNarrowed)
        #expect(large.start() == [1], "then the largest first, over the budget alone as before")
        large.finish(1)
        #expect(large.start() == [0])
    }

    @Test func aNightThatIndexesManyRecordsIndexesThemAfterTheRender() {
        #expect(SearchIndexSchedule.besideRender(records: 126, shards: 1) == SearchIndexSchedule.budget)
        #expect(SearchIndexSchedule.besideRender(records: 600, shards: 5) == SearchIndexSchedule.budget)
        #expect(
            SearchIndexSchedule.besideRender(records: 2_500, shards: 2) == SearchIndexSchedule.budget,
            "one or two changed shards of a large site")
        var cold = SearchIndexSchedule(memory: [30, 30].map { $0 * Self.megabyte }, narrowed: 0)
        #expect(cold.start().isEmpty)
        cold.widen()
        #expect(cold.start() == [0, 1])
        #expect(SearchIndexSchedule.besideRender(records: 1_000, shards: 8) == 0, "W1's cold night")
        #expect(SearchIndexSchedule.besideRender(records: 601, shards: 3) == 0)
    }

    @Test func aStoppedNarrowedScheduleStartsNothingWhenWidened() {
        var schedule = SearchIndexSchedule(memory: [150 * Self.megabyte], narrowed: 100 * Self.megabyte)
        #expect(schedule.start().isEmpty)
        schedule.stopped = true
        schedule.widen()
        #expect(schedule.start().isEmpty)
    }

    @Test func pagefindsMemoryGrowsWithItsRecordsBytes() {
        #expect(SearchIndexSchedule.memory(recordBytes: 0) == 10 * Self.megabyte)
        // W2's largest shard: 3.83 MB of records, 161 MB measured.
        let largest = SearchIndexSchedule.memory(recordBytes: 3_830_000)
        #expect(largest > 150 * Self.megabyte && largest < 175 * Self.megabyte)
    }
}
