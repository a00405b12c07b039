import Foundation
import MeetupModel

/// The rules for walking one query's pages, kept apart from the network so every
/// misbehaving cursor can be tested without a server.
///
/// A live API is not a snapshot: an event inserted between two page requests
/// shifts the next page, so it repeats the last event of the previous one.
/// Repeats are dropped by id. A server that cycles its cursors (A → B → A), or
/// claims more results after an empty page, would otherwise page until the run's
/// deadline: those stop the query with a reason, and so does a page cap derived
/// from what the query can possibly need.
struct PageWalk: Sendable {
    /// What to do after a page.
    enum Step: Sendable, Equatable {
        case next(cursor: String)
        case finished
        case failed(reason: String)
    }

    /// The most pages any query may take when neither its cap nor the API's count
    /// bounds it: 20,000 events at 50 a page.
    static let absolutePageCap = 400

    let maxEvents: Int?
    /// Shares each event with the other queries' copies as its page is read, not only when the
    /// query is done: W2's 20 queries finish together, so all 30,000 copies of its 10,000
    /// events were alive at once (the fetch's heap peak under heaptrack).
    let interner: EventInterner?
    private(set) var events: [Event] = []
    private(set) var pagesRead = 0
    private var seenIDs: Set<String> = []
    private var seenCursors: Set<String> = []
    private var firstPageSize = 0

    init(maxEvents: Int?, interner: EventInterner? = nil) {
        self.maxEvents = maxEvents
        self.interner = interner
    }

    /// How many more events the query wants (the next page's `first`).
    var remaining: Int { maxEvents.map { max(0, $0 - events.count) } ?? Int.max }

    /// The most pages this query may read: twice what its cap needs at the first page's size,
    /// plus two. Never the API's `totalCount`: Meetup's can be the page's size (both recorded
    /// `groupSearch` answers), so only `hasNextPage` says whether more follow.
    var pageCap: Int {
        let target = maxEvents
        guard let target, firstPageSize > 0 else { return Self.absolutePageCap }
        let needed = (target + firstPageSize - 1) / firstPageSize
        return min(Self.absolutePageCap, needed * 2 + 2)
    }

    mutating func add(_ page: EventPage) -> Step {
        pagesRead += 1
        if pagesRead == 1 { firstPageSize = page.events.count + page.skippedCount }
        let read = interner?.intern(page.events) ?? page.events
        for event in read where seenIDs.insert(event.id).inserted {
            events.append(event)
        }
        if let maxEvents, events.count >= maxEvents {
            events.removeLast(events.count - maxEvents)
            return .finished
        }
        guard let cursor = page.nextCursor else { return .finished }
        if page.events.isEmpty && page.skippedCount == 0 {
            return .failed(reason: "page \(pagesRead) was empty but the API said more pages follow; stopped paging")
        }
        guard seenCursors.insert(cursor).inserted else {
            return .failed(
                reason:
                    "page \(pagesRead) pointed back to a page already read (the API's cursors cycle); stopped paging")
        }
        guard pagesRead < pageCap else {
            let bound = maxEvents.map { "the query keeps at most \($0) events" } ?? "no cap bounds it"
            return .failed(reason: "stopped after \(pagesRead) pages: more than this query can need (\(bound))")
        }
        return .next(cursor: cursor)
    }
}
