import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `RequestThrottle`: the API host's rate per minute.
@Suite("Request throttle")
struct RequestThrottleTests {
    @Test func theThrottleHoldsTheRatePerMinute() {
        var throttle = RequestThrottle(limit: 500)
        // 1,200 requests ready at once, at t = 0 s.
        let slots = (0..<1_200).map { _ in throttle.reserve(at: 0) }
        #expect(slots.prefix(500).allSatisfy { $0 == 0 })
        #expect(slots[500] == 60 && slots[999] == 60 && slots[1_000] == 120)
        // Any 60-second window holds at most 500 sends.
        for start in stride(from: 0.0, through: 180, by: 7.5) {
            #expect(slots.filter { $0 >= start && $0 < start + 60 }.count <= 500, "window at \(start) s")
        }
        // Spread-out requests are never delayed.
        var relaxed = RequestThrottle(limit: 500)
        #expect((0..<2_000).allSatisfy { relaxed.reserve(at: Double($0) * 0.2) == Double($0) * 0.2 })
    }
}
