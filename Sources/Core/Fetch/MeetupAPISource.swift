import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MeetupAuth
import MeetupModel
import MeetupNetwork
import MeetupSnapshot
import MeetupSupport

/// The live Meetup GraphQL API. A query is a transaction (the URLTransaction
/// seed): its pages are fetched in cursor order, and the first failed page fails
/// the whole query, so no partial list ever reaches the site.
public struct MeetupAPISource: EventSource {
    public let endpoint: URL
    private let credentials: any AccessTokenSource
    private let transport: HTTPTransport
    private let scratchDirectory: URL
    private let recorder: SnapshotRecorder?
    private let redactor: SecretRedactor

    /// - Parameters:
    ///   - credentials: the bearer token, only ever put in the Authorization header:
    ///     never logged, recorded or included in an error.
    ///   - transport: shared by every query and the photo downloads.
    ///   - scratchDirectory: where response bodies land before they are read.
    ///   - redactor: takes secrets out of server text before it reaches an error.
    public init(endpoint: URL, credentials: any AccessTokenSource, transport: HTTPTransport, scratchDirectory: URL,
                redactor: SecretRedactor, recorder: SnapshotRecorder? = nil) {
        self.endpoint = endpoint
        self.credentials = credentials
        self.transport = transport
        self.scratchDirectory = scratchDirectory
        self.redactor = redactor
        self.recorder = recorder
    }

    public func fetchEvents(for query: EventQuery, window: DateInterval,
                            completion: @escaping @Sendable (QueryOutcome) -> Void) {
        fetchPage(after: nil, walk: PageWalk(maxEvents: query.maxEvents), rawPages: [], query: query, window: window,
                  completion: completion)
    }

    private func fetchPage(after cursor: String?, walk: PageWalk, rawPages: [Data],
                           query: EventQuery, window: DateInterval,
                           completion: @escaping @Sendable (QueryOutcome) -> Void) {
        let pageNumber = walk.pagesRead + 1
        let first = min(SearchRequest.pageSize, walk.remaining)
        let body = switch query.kind {
        case .search(let area): SearchRequest.body(for: area, window: window, first: first, after: cursor)
        case .network(let urlname): NetworkRequest.body(network: urlname, window: window, first: first, after: cursor)
        }
        let failed: @Sendable (AuthError) -> Void = { error in
            completion(.failed(.authentication(query: query.id, page: pageNumber, reason: redactor.redact(error.description))))
        }
        credentials.authorized({ token, refused in
            send(body, token: token, query: query, page: pageNumber, refused: refused) { page, data in
                next(after: page, data: data, walk: walk, rawPages: rawPages, query: query, window: window, completion: completion)
            } onFailure: { completion(.failed($0)) }
        }, failed: failed)
    }

    /// One GraphQL POST. A 401, or GraphQL errors saying the token is invalid or
    /// expired, are reported as `refused` (`authorized` renews the token once).
    private func send(_ body: Data, token: String, query: EventQuery, page pageNumber: Int,
                      refused: @escaping @Sendable (String) -> Void,
                      onPage: @escaping @Sendable (EventPage, Data) -> Void, onFailure: @escaping @Sendable (FetchError) -> Void) {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = body
        // A search is a read, so the POST is safe to repeat: it is retried like a GET.
        transport.download(request, maxBytes: transport.limits.maxResponseBytes, into: scratchDirectory) { result in
            switch result {
            case .failure(.status(401)):
                refused("HTTP 401")
            case .failure(.status(let status)):
                onFailure(.httpStatus(query: query.id, page: pageNumber, status: status))
            case .failure(let failure):
                onFailure(.transport(query: query.id, page: pageNumber, reason: redactor.redact(failure.description)))
            case .success(let download):
                guard let file = download.file, let data = try? Data(contentsOf: file) else {
                    return onFailure(.transport(query: query.id, page: pageNumber, reason: "empty response"))
                }
                try? FileManager.default.removeItem(at: file)
                if case .network(let urlname) = query.kind, NetworkRequest.isUnreadable(data) {
                    return onFailure(.networkUnreadable(query: query.id, network: urlname))
                }
                let page: EventPage
                do throws(PageMappingError) {
                    page = try EventMapper.page(from: data)
                } catch {
                    if case .tokenRejected(let messages) = error {
                        return refused("the API said: " + redactor.redact(messages.joined(separator: "; ")))
                    }
                    return onFailure(FetchError(error, query: query.id, page: pageNumber, redactor: redactor))
                }
                onPage(page, data)
            }
        }
    }

    /// Folds a page into the walk, then asks for the next page or finishes the query.
    private func next(after page: EventPage, data: Data, walk: PageWalk, rawPages: [Data], query: EventQuery, window: DateInterval,
                      completion: @escaping @Sendable (QueryOutcome) -> Void) {
        var walk = walk
        let step = walk.add(page)
        // Raw bodies are kept only when recording.
        let pages = recorder == nil ? [] : rawPages + [data]
        switch step {
        case .next(let next):
            fetchPage(after: next, walk: walk, rawPages: pages, query: query, window: window, completion: completion)
        case .failed(let reason):
            completion(.failed(.paging(query: query.id, reason: reason)))
        case .finished:
            recorder?.recordPages(pages, for: query.id)
            completion(.succeeded(events: walk.events))
        }
    }
}
