import Foundation
import MeetupModel
import MeetupSupport

extension MeetupAPISource {
    /// Groups matching `area` (a keyword near a point), page after page, at most `limit`, in
    /// Meetup's order (`meetup-report discover`).
    package func discoverGroups(
        _ area: SearchArea, limit: Int, completion: @escaping @Sendable (Result<[GroupActivity], FetchError>) -> Void
    ) {
        discoverPage(area, limit: limit, after: nil, found: [], page: 1, completion: completion)
    }

    private func discoverPage(
        _ area: SearchArea, limit: Int, after: String?, found: [GroupActivity], page: Int,
        completion: @escaping @Sendable (Result<[GroupActivity], FetchError>) -> Void
    ) {
        let query = EventQuery(id: "discover", title: "discover", kind: .search(area))
        let body = DiscoverRequest.body(area, first: min(DiscoverRequest.pageSize, limit - found.count), after: after)
        authorizedPOST(
            body, query: query, page: page,
            completion: { outcome in
                if case .failed(let error) = outcome { completion(.failure(error)) }
            },
            onData: { [self] data in
                do throws(PageMappingError) {
                    let document: JSONValue
                    do {
                        document = try JSONValue.parse(data)
                    } catch {
                        throw PageMappingError.notJSON(String(describing: error))
                    }
                    let (groups, next) = try DiscoverRequest.page(document)
                    let all = found + groups
                    guard let next, all.count < limit, !groups.isEmpty else {
                        return completion(.success(Array(all.prefix(limit))))
                    }
                    discoverPage(area, limit: limit, after: next, found: all, page: page + 1, completion: completion)
                } catch {
                    completion(.failure(FetchError(error, query: query.id, page: page)))
                }
            })
    }
}
