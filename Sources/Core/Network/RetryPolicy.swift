import Foundation
import MeetupSupport

/// When to try a request again, and how long to wait first. Pure: the clock and
/// the randomness come in as arguments, so tests check exact delays.
package struct RetryPolicy: Sendable {
    package let limits: NetworkLimits

    package init(limits: NetworkLimits) {
        self.limits = limits
    }

    /// Statuses that say "try later": rate limiting and server-side trouble.
    package static func isRetryable(status: Int) -> Bool {
        [408, 425, 429, 500, 502, 503, 504].contains(status)
    }

    /// The wait before retry number `attempt` (1 for the first retry), or nil when
    /// retries are used up. A `Retry-After` header wins over the backoff, capped at
    /// `retryMaxDelay`; the backoff is exponential with "equal jitter" (half fixed,
    /// half random) so clients that failed together do not retry together.
    package func delay(beforeRetry attempt: Int, retryAfter: String?, now: Date, random: Double) -> TimeInterval? {
        guard attempt <= limits.retries else { return nil }
        if let retryAfter, let seconds = Self.parseRetryAfter(retryAfter, now: now) {
            return min(max(0, seconds), limits.retryMaxDelay)
        }
        let exponential = min(limits.retryMaxDelay, limits.retryBaseDelay * pow(2, Double(attempt - 1)))
        return exponential / 2 + exponential / 2 * min(max(random, 0), 1)
    }

    /// `Retry-After` as delta-seconds (`120`, or `0.140` as `RateLimitWait` gives a service's
    /// milliseconds) or an HTTP-date (`Wed, 21 Oct 2026 07:28:00 GMT`).
    package static func parseRetryAfter(_ value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0 { return seconds }
        return HTTPDate.parse(trimmed).map { max(0, $0.timeIntervalSince(now)) }
    }
}

/// Runs retries later. Injected so tests run them at once and record the waits.
package protocol RetryScheduler: Sendable {
    func schedule(after seconds: TimeInterval, _ work: @escaping @Sendable () -> Void)
}

package struct DispatchRetryScheduler: RetryScheduler {
    package init() {}
    package func schedule(after seconds: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
    }
}

/// The run's shared allowance of retry waiting.
package final class RetryBudget: Sendable {
    private let remaining: LockedBox<TimeInterval>

    package init(seconds: TimeInterval) {
        remaining = LockedBox(seconds)
    }

    /// Takes `seconds` from the budget; false (and nothing taken) when it would overdraw.
    package func spend(_ seconds: TimeInterval) -> Bool {
        remaining.withLock { left in
            guard seconds <= left else { return false }
            left -= seconds
            return true
        }
    }
}
