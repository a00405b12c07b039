import Foundation
import MeetupModel
import MeetupSupport

extension MeetupAPISource {
    /// Most pages of a network's groups read (100 a page: 10,000 groups).
    static let maxGroupsPages = 100

    /// A query that follows a Pro network: its events by cursor (`eventsSearch`), then its
    /// groups with their analytics (`groupsSearch`), the report's. Either failing fails the
    /// query, so its events and groups are always from the same night.
    func fetchNetwork(
        _ urlname: String, query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        let eventPages = LockedBox([Data]())
        let walk = Walk(
            query: query, body: { NetworkRequest.body(network: urlname, window: window, first: $0, after: $1) },
            rawPagesDone: { pages in eventPages.withLock { $0 = pages } })
        self.walk(walk, after: nil, state: PageWalk(maxEvents: query.maxEvents, interner: interner), rawPages: []) {
            [self] outcome in
            guard case .succeeded = outcome else { return completion(outcome, nil) }
            fetchNetworkGroups(urlname, query: query, after: nil, read: NetworkGroupsRead()) { read in
                recorder?.recordPages(eventPages.withLock { $0 }, groupsPages: read.rawPages, for: query.id)
                completion(outcome, read.groups)
            } failed: {
                completion(.failed($0), nil)
            }
        }
    }

    /// The network's groups read so far.
    struct NetworkGroupsRead: Sendable {
        var groups: [GroupActivity] = []
        var rawPages: [Data] = []
        var cursors: Set<String> = []
        var pagesRead = 0
    }

    private func fetchNetworkGroups(
        _ urlname: String, query: EventQuery, after cursor: String?, read: NetworkGroupsRead,
        done: @escaping @Sendable (NetworkGroupsRead) -> Void,
        failed: @escaping @Sendable (FetchError) -> Void
    ) {
        let page = read.pagesRead + 1
        let body = NetworkRequest.groupsBody(network: urlname, after: cursor)
        authorizedPOST(body, query: query, page: page, completion: { outcome in outcome.error.map(failed) }) {
            [self] data in
            var read = read
            let answer: (groups: [GroupActivity], nextCursor: String?)
            do throws(PageMappingError) {
                answer = try GroupActivityMapper.networkPage(try GroupsRequest.document(data))
            } catch {
                return failed(FetchError(error, query: query.id, page: page, redactor: redactor))
            }
            read.groups += answer.groups
            read.pagesRead = page
            if recorder != nil { read.rawPages.append(data) }
            guard let next = answer.nextCursor else { return done(read) }
            guard read.cursors.insert(next).inserted, page < Self.maxGroupsPages else {
                return failed(
                    .paging(
                        query: query.id,
                        reason: page < Self.maxGroupsPages
                            ? "the network's groups list repeated a page cursor"
                            : "the network has more than \(Self.maxGroupsPages) pages of groups"))
            }
            fetchNetworkGroups(urlname, query: query, after: next, read: read, done: done, failed: failed)
        }
    }
}
