import Foundation

/// Which events a query with `maxEvents` keeps: the soonest, whatever order they were found in
/// (a groups query reads its groups one after another; a search and a network answer by time).
package enum EventSelection {
    /// The `count` soonest events (all of them without a count), by start, then id.
    package static func soonest(_ events: [Event], count: Int?) -> [Event] {
        guard let count else { return events }
        return Array(events.sorted { ($0.start.date, $0.id) < ($1.start.date, $1.id) }.prefix(count))
    }

    /// The start of the `count`-th soonest event: an event that starts later cannot be kept.
    /// Nil without a count or with fewer events.
    package static func cutoff(_ events: [Event], count: Int?) -> Date? {
        guard let count, count > 0, events.count >= count else { return nil }
        return events.map(\.start.date).sorted()[count - 1]
    }
}
