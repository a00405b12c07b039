import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `RetryPolicy`: delays within their jitter bounds and the cap.
@Suite("Retry policy")
struct RetryPolicyTests {
    @Test func retryDelaysStayWithinTheirJitterBoundsAndTheCap() {
        var limits = NetworkLimits()
        limits.retries = 4
        limits.retryBaseDelay = 0.5
        limits.retryMaxDelay = 3
        let policy = RetryPolicy(limits: limits)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for attempt in 1...4 {
            let exponential = min(3, 0.5 * pow(2, Double(attempt - 1)))
            for random in [-1.0, 0, 0.25, 0.5, 0.999, 1, 7] {
                let delay = policy.delay(beforeRetry: attempt, retryAfter: nil, now: now, random: random) ?? -1
                #expect(
                    delay >= exponential / 2 && delay <= exponential, "attempt \(attempt), random \(random): \(delay)")
            }
            #expect(policy.delay(beforeRetry: attempt, retryAfter: nil, now: now, random: 0) == exponential / 2)
            #expect(policy.delay(beforeRetry: attempt, retryAfter: nil, now: now, random: 1) == exponential)
        }
        #expect(policy.delay(beforeRetry: 5, retryAfter: nil, now: now, random: 0.5) == nil, "retries used up")
        #expect(policy.delay(beforeRetry: 1, retryAfter: "2", now: now, random: 0.9) == 2, "Retry-After wins")
        #expect(policy.delay(beforeRetry: 1, retryAfter: "3600", now: now, random: 0.9) == 3, "capped")
        #expect(
            policy.delay(beforeRetry: 1, retryAfter: "Fri, 15 Jan 2027 08:00:02 GMT", now: now, random: 0) == 2,
            "an HTTP date two seconds ahead")
        #expect(
            policy.delay(beforeRetry: 1, retryAfter: "Thu, 01 Jan 1970 00:00:00 GMT", now: now, random: 0) == 0,
            "a date in the past")
    }
}
