import Foundation

/// `--offline`: every query's events from its last successful run, no network.
/// For template work: re-rendering a big site takes a second, not a fetch.
public struct OfflineEventSource: EventSource {
    public let store: LastGoodEvents

    public init(store: LastGoodEvents) {
        self.store = store
    }

    public func fetchEvents(for query: EventQuery, window: DateInterval,
                            completion: @escaping @Sendable (QueryOutcome) -> Void) {
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

/// `--offline` photos: the cached copy or nothing. Entries it touches are marked
/// to be revalidated by the next online run.
public struct OfflinePhotoFetcher: PhotoFetching {
    public let cache: PhotoCache

    public init(cache: PhotoCache) {
        self.cache = cache
    }

    public func fetch(_ url: URL, validators: PhotoValidators?, into directory: URL,
                      completion: @escaping @Sendable (PhotoFetchResult) -> Void) {
        completion(validators == nil ? .failed(reason: "offline, and not in the cache") : .notModified(overNetwork: false, freshFor: 0))
    }
}
