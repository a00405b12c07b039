import Foundation
import MeetupModel
import MeetupNetwork

/// The result of asking for a photo, given what the cache already holds.
package enum PhotoFetchResult: Sendable {
    /// New bytes, in a file inside the directory the caller gave.
    /// `freshFor` is how long the server says the photo stays valid (Cache-Control max-age, Expires).
    case downloaded(file: URL, byteCount: Int, validators: PhotoValidators, freshFor: TimeInterval?)
    /// The cached copy is still current; nothing was downloaded. `overNetwork` tells
    /// a server's 304 (a revalidation) from a local source's "same file" (from cache).
    case notModified(overNetwork: Bool, freshFor: TimeInterval?)
    case failed(reason: String)
}

/// Gets photo bytes onto disk. The HTTP implementation streams to a file
/// (photos never sit whole in memory); the snapshot one copies recorded files.
package protocol PhotoFetching: Sendable {
    /// Calls `completion` exactly once, from any thread. When `validators` are
    /// given, a conditional request is made and `.notModified` may come back.
    func fetch(
        _ url: URL, validators: PhotoValidators?, into directory: URL,
        completion: @escaping @Sendable (PhotoFetchResult) -> Void)
}
