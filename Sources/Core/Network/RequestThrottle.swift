import Foundation

/// A client-side rate limit: at most `limit` requests in any `window` seconds (a
/// sliding window, FIFO). Meetup's API host allows about 500 requests a minute, the
/// rate clients such as rladies/meetupr keep to; a config with many queries and pages
/// then meets 429s only when the server is stricter than that. Pure: the times come in.
package struct RequestThrottle: Sendable {
    package let limit: Int
    package let window: TimeInterval
    /// The send times of the last `limit` requests, ascending.
    private var sent: [TimeInterval] = []

    package init(limit: Int, window: TimeInterval = 60) {
        self.limit = max(1, limit)
        self.window = window
    }

    /// Reserves the next slot for a request that is ready at `now`, and returns when it
    /// may be sent (`now` itself while the window has room). A request that asks for
    /// several things at once (a batch of groups) counts `cost` times, as Meetup counts
    /// its points.
    package mutating func reserve(at now: TimeInterval, cost: Int = 1) -> TimeInterval {
        let cost = min(max(1, cost), limit)
        var slot = max(now, sent.last ?? now)
        if sent.count + cost > limit {
            slot = max(slot, sent[sent.count + cost - limit - 1] + window)
        }
        sent.append(contentsOf: repeatElement(slot, count: cost))
        if sent.count > limit { sent.removeFirst(sent.count - limit) }
        return slot
    }
}
