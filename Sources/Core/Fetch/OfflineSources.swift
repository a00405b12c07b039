import Foundation
import MeetupModel

/// `--offline`: every query's events from its last successful run, no network.
/// For template work: re-rendering a big site takes a second, not a fetch.
package struct OfflineEventSource: EventSource {
    package let store: LastGoodEvents

    package init(store: LastGoodEvents) {
        self.store = store
    }

    package func fetchEvents(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome) -> Void
    ) {
        // Off the caller's thread, so the queries' files are read and parsed in parallel.
        DispatchQueue.global().async { [store] in
            if let last = store.load(for: query.id) {
                completion(.succeeded(events: last.events))
            } else {
                completion(.failed(.notFetchedYet(query: query.id)))
            }
        }
    }
}
