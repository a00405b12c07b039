import Foundation
import MeetupModel
import MeetupNetwork

/// `--offline` photos: the cached copy or nothing. Entries it touches are marked
/// to be revalidated by the next online run.
package struct OfflinePhotoFetcher: PhotoFetching {
    package let cache: PhotoCache

    package init(cache: PhotoCache) {
        self.cache = cache
    }

    package func fetch(
        _ url: URL, validators: PhotoValidators?, into directory: URL,
        completion: @escaping @Sendable (PhotoFetchResult) -> Void
    ) {
        completion(
            validators == nil
                ? .failed(reason: "offline, and not in the cache") : .notModified(overNetwork: false, freshFor: 0))
    }
}
