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
    private let transport: HTTPTransport
    private let scratchDirectory: URL
    private let recorder: SnapshotRecorder?
    private let redactor: SecretRedactor

    /// - Parameters:
    ///   - token: the OAuth bearer token. It is only ever put in the Authorization
    ///     header: never logged, recorded or included in an error.
    ///   - transport: shared by every query and the photo downloads.
    ///   - scratchDirectory: where response bodies land before they are read.
    public init(endpoint: URL, token: String, transport: HTTPTransport, scratchDirectory: URL, recorder: SnapshotRecorder? = nil) {
        self.endpoint = endpoint
        self.token = token
        self.transport = transport
        self.scratchDirectory = scratchDirectory
        self.recorder = recorder
        redactor = SecretRedactor(secrets: [token])
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
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = SearchRequest.body(for: query, window: window, first: min(SearchRequest.pageSize, walk.remaining), after: cursor)

        // A search is a read, so the POST is safe to repeat: it is retried like a GET.
        transport.download(request, maxBytes: transport.limits.maxResponseBytes, into: scratchDirectory) { result in
            let data: Data
            switch result {
            case .failure(.status(let status)):
                return completion(.failed(.httpStatus(query: query.id, page: pageNumber, status: status)))
            case .failure(let failure):
                return completion(.failed(.transport(query: query.id, page: pageNumber, reason: redactor.redact(failure.description))))
            case .success(let download):
                guard let file = download.file, let body = try? Data(contentsOf: file) else {
                    return completion(.failed(.transport(query: query.id, page: pageNumber, reason: "empty response")))
                }
                try? FileManager.default.removeItem(at: file)
                data = body
            }
            let page: EventPage
            do throws(PageMappingError) {
                page = try EventMapper.page(from: data)
            } catch {
                return completion(.failed(FetchError(error, query: query.id, page: pageNumber, redactor: redactor)))
            }
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
}
