@testable import MeetupSupport
import Testing

/// `Parallel`: work over many elements on every core.
@Suite("Parallel work")
struct ParallelTests {
    /// The order-keeping map gives the plain map's result, below and above its serial threshold
    /// and for counts that do not split evenly over the cores.
    @Test(arguments: [0, 1, 7, 255, 256, 257, 1_001, 10_000])
    func mapKeepsTheOrder(count: Int) {
        let elements = Array(0..<count)
        #expect(Parallel.map(elements) { $0 * 3 + 1 } == elements.map { $0 * 3 + 1 })
        #expect(Parallel.map(elements, serialBelow: 1) { "\($0)" } == elements.map { "\($0)" })
    }
}

extension ParallelTests {
    /// Both pieces of work are done, each result in its place.
    @Test func bothGivesEachResultInItsPlace() {
        let (sum, text) = Parallel.both {
            (1...1_000).reduce(0, +)
        } _: {
            String(repeating: "a", count: 3)
        }
        #expect(sum == 500_500 && text == "aaa")
    }
}
