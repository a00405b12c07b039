import Foundation
import MeetupModel

/// One page of search results, as the mapping saw it.
package struct EventPage: Sendable, Equatable {
    package var events: [Event]
    /// The cursor to ask for the next page with, or nil on the last page.
    package var nextCursor: String?
    /// Entries that were not usable events (no id, no start time); skipped, not fatal.
    package var skippedCount: Int
    /// How many results the API says the whole search has, when it says.
    package var totalCount: Int?

    package init(events: [Event], nextCursor: String? = nil, skippedCount: Int = 0, totalCount: Int? = nil) {
        self.events = events
        self.nextCursor = nextCursor
        self.skippedCount = skippedCount
        self.totalCount = totalCount
    }
}

/// Why a response body could not be read as a page. The fetcher adds the query and page.
package enum PageMappingError: Error, Sendable, Equatable {
    case notJSON(String)
    case graphQLErrors([String])
    /// GraphQL errors whose `extensions.code` says the access token is invalid or expired.
    case tokenRejected([String])
    case unexpectedShape(String)
    /// Meetup failed to load one group of a batch: its alias is null with an error on its path.
    case groupFailed(urlname: String, alias: String, messages: [String])
}
