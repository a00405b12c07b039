import Foundation
import MeetupSupport

/// How long a 429 asks to wait, in whichever way the service says it: `Retry-After` (RFC 9110,
/// seconds or an HTTP-date; Slack, Discord, Meetup), Mastodon's `X-RateLimit-Reset` (an ISO 8601
/// moment, sent without `Retry-After`), or Matrix's `retry_after_ms` in the JSON body
/// (`M_LIMIT_EXCEEDED`; newer homeservers also send `Retry-After`). Discord's body also carries
/// `retry_after`, in seconds.
package enum RateLimitWait {
    /// The answer's own `Retry-After` text when it has one, else the wait the other signals give as
    /// seconds; nil when it says nothing (the policy's backoff then).
    /// - Parameter body: the 429's body, when it was kept (small JSON).
    package static func retryAfter(headers: [String: String], body: Data?, now: Date) -> String? {
        if let value = headers["retry-after"], RetryPolicy.parseRetryAfter(value, now: now) != nil { return value }
        if let reset = headers["x-ratelimit-reset"].flatMap({ ISO8601.parseDateTime($0) }) {
            return seconds(reset.date.timeIntervalSince(now))
        }
        guard let body, body.count <= 65_536, let json = try? JSONValue.parse(body) else { return nil }
        if let milliseconds = json["retry_after_ms"]?.doubleValue { return seconds(milliseconds / 1000) }
        if let seconds = json["retry_after"]?.doubleValue { return Self.seconds(seconds) }
        return nil
    }

    private static func seconds(_ value: TimeInterval) -> String {
        String(format: "%.3f", value.isFinite ? max(0, value) : 0)
    }
}
