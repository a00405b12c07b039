import Foundation
import MeetupModel
import MeetupSupport

extension MeetupAPISource {
    /// A query that follows groups: their first pages in batches of `GroupsRequest.batchSize`
    /// (one request each, counted as that many against the rate limit), one batch after
    /// another; then every group with more events than a page, alone, by its cursor. A group
    /// the API does not know is a warning naming it; any failed request fails the query (its
    /// last good events stand in), as for every query.
    /// The groups' activity (the report's) comes from the same batches: every configured
    /// urlname, as found or marked missing.
    func fetchGroups(
        _ urlnames: [String], query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        let batches = stride(from: 0, to: urlnames.count, by: GroupsRequest.batchSize).map {
            Array(urlnames[$0..<min($0 + GroupsRequest.batchSize, urlnames.count)])
        }
        fetchBatch(0, of: batches, found: GroupsFound(), query: query, window: window) { outcome, found in
            completion(outcome, found.map { GroupActivityMapper.roster(urlnames, found: $0) })
        }
    }

    /// What the batches found so far: events, groups to page further, raw bodies to record.
    struct GroupsFound: Sendable {
        var events = PageWalk(maxEvents: nil)
        /// Groups with more pages, with the start of the last event their first page gave.
        var morePages: [(urlname: String, cursor: String, lastStart: Date?)] = []
        var rawPages: [Data] = []
        var groups: [GroupActivity] = []
    }

    private func fetchBatch(
        _ index: Int, of batches: [[String]], found: GroupsFound, query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        guard index < batches.count else {
            return fetchMorePages(found, query: query, window: window, completion: completion)
        }
        let batch = batches[index]
        let body = GroupsRequest.batchBody(batch, window: window, first: SearchRequest.pageSize)
        authorizedPOST(body, query: query, page: index + 1, cost: batch.count, completion: { completion($0, nil) }) {
            [self] data in
            var found = found
            do throws(PageMappingError) {
                let document = try GroupsRequest.document(data)
                for (urlname, page) in zip(batch, try GroupsRequest.pages(from: document, urlnames: batch)) {
                    guard let page else {
                        onWarning(
                            "query \(query.id): the group “\(urlname)” was not found on Meetup (renamed, or closed?); the others are shown"
                        )
                        continue
                    }
                    _ = found.events.add(EventPage(events: page.events, skippedCount: page.skippedCount))
                    if let cursor = page.nextCursor {
                        found.morePages.append((urlname, cursor, page.events.last?.start.date))
                    }
                }
                found.groups += GroupActivityMapper.batchGroups(document, urlnames: batch)
            } catch {
                return completion(.failed(FetchError(error, query: query.id, page: index + 1, redactor: redactor)), nil)
            }
            if recorder != nil { found.rawPages.append(data) }
            // The groups whose events come soonest are paged first, so a cap is known early.
            if index + 1 == batches.count, query.maxEvents != nil {
                found.morePages.sort { ($0.lastStart ?? .distantPast) < ($1.lastStart ?? .distantPast) }
            }
            fetchBatch(index + 1, of: batches, found: found, query: query, window: window, completion: completion)
        }
    }

    /// The later pages of each group that has them, one group after another. With
    /// `maxEvents`, a group whose first page already ends after the soonest `maxEvents` events
    /// of the list has nothing left that could be kept, and is not paged further.
    private func fetchMorePages(
        _ found: GroupsFound, query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        var found = found
        guard !found.morePages.isEmpty else {
            recorder?.recordPages(found.rawPages, for: query.id)
            return completion(
                .succeeded(events: EventSelection.soonest(found.events.events, count: query.maxEvents)), found.groups)
        }
        let (urlname, cursor, lastStart) = found.morePages.removeFirst()
        if let cutoff = EventSelection.cutoff(found.events.events, count: query.maxEvents), let lastStart,
            lastStart >= cutoff
        {
            return fetchMorePages(found, query: query, window: window, completion: completion)
        }
        let remaining = found
        let collected = LockedBox([Data]())
        let walk = Walk(
            query: query,
            body: { first, after in
                GroupsRequest.pageBody(urlname, window: window, first: first, after: after ?? cursor)
            }, firstPage: 2, rawPagesDone: { pages in collected.withLock { $0 = pages } })
        self.walk(walk, after: cursor, state: PageWalk(maxEvents: query.maxEvents, interner: interner), rawPages: []) {
            [self] outcome in
            guard case .succeeded(let events) = outcome else {
                return completion(outcome.error.map { .failed(.group(urlname: urlname, $0)) } ?? outcome, nil)
            }
            var next = remaining
            _ = next.events.add(EventPage(events: events))
            next.rawPages += collected.withLock { $0 }
            fetchMorePages(next, query: query, window: window, completion: completion)
        }
    }
}
