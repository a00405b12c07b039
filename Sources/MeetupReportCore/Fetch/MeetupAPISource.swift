import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live Meetup GraphQL API. A query is a transaction (the URLTransaction
/// seed): its pages are fetched in cursor order, and the first failed page fails
/// the whole query, so no partial list ever reaches the site.
public struct MeetupAPISource: EventSource {
    public let endpoint: URL
    private let token: String
    private let session: URLSession
    private let recorder: SnapshotRecorder?

    /// - Parameters:
    ///   - token: the OAuth bearer token. It is only ever put in the Authorization
    ///     header: never logged, recorded or included in an error.
    ///   - session: one session shared by every query (and the photo downloads).
    public init(endpoint: URL, token: String, session: URLSession, recorder: SnapshotRecorder? = nil) {
        self.endpoint = endpoint
        self.token = token
        self.session = session
        self.recorder = recorder
    }

    public func fetchEvents(for query: EventQuery, window: DateInterval,
                            completion: @escaping @Sendable (QueryOutcome) -> Void) {
        fetchPage(1, after: nil, collected: [], rawPages: [], query: query, window: window, completion: completion)
    }

    private func fetchPage(_ pageNumber: Int, after cursor: String?, collected: [Event], rawPages: [Data],
                           query: EventQuery, window: DateInterval,
                           completion: @escaping @Sendable (QueryOutcome) -> Void) {
        let remaining = query.maxEvents.map { $0 - collected.count } ?? Int.max
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = SearchRequest.body(for: query, window: window, first: min(SearchRequest.pageSize, remaining), after: cursor)

        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                completion(.failed(.transport(query: query.id, page: pageNumber, reason: Self.describe(error))))
                return
            }
            guard let http = response as? HTTPURLResponse, let data else {
                completion(.failed(.transport(query: query.id, page: pageNumber, reason: "no HTTP response")))
                return
            }
            guard http.statusCode == 200 else {
                completion(.failed(.httpStatus(query: query.id, page: pageNumber, status: http.statusCode)))
                return
            }
            let page: EventPage
            do throws(PageMappingError) {
                page = try EventMapper.page(from: data)
            } catch {
                completion(.failed(Self.fetchError(error, query: query.id, page: pageNumber)))
                return
            }
            var events = collected + page.events
            let pages = rawPages + [data]
            if let cap = query.maxEvents, events.count >= cap {
                events = Array(events.prefix(cap))
            } else if let next = page.nextCursor, next != cursor {
                fetchPage(pageNumber + 1, after: next, collected: events, rawPages: pages,
                          query: query, window: window, completion: completion)
                return
            }
            recorder?.recordPages(pages, for: query.id)
            completion(.succeeded(events: events))
        }
        task.resume()
    }

    static func fetchError(_ error: PageMappingError, query: String, page: Int) -> FetchError {
        switch error {
        case .notJSON(let reason): .malformedResponse(query: query, page: page, reason: "not JSON (\(reason))")
        case .graphQLErrors(let messages): .graphQL(query: query, page: page, messages: messages)
        case .unexpectedShape(let reason): .malformedResponse(query: query, page: page, reason: reason)
        }
    }

    /// A short reason without the URL (URLs may carry secrets in other setups).
    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            switch nsError.code {
            case NSURLErrorTimedOut: return "timed out"
            case NSURLErrorCannotConnectToHost: return "cannot connect to the server"
            case NSURLErrorNetworkConnectionLost: return "connection lost"
            case NSURLErrorCannotFindHost: return "unknown host"
            case NSURLErrorNotConnectedToInternet: return "not connected to the internet"
            case NSURLErrorHTTPTooManyRedirects: return "too many redirects"
            default: return "URL error \(nsError.code)"
            }
        }
        return nsError.localizedDescription
    }
}
