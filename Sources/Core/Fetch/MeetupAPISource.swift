import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupAuth
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// The live Meetup GraphQL API. A query is a transaction (the URLTransaction
/// seed): its pages are fetched in cursor order, and the first failed page fails
/// the whole query, so no partial list ever reaches the site.
package struct MeetupAPISource: EventSource {
    package let endpoint: URL
    let credentials: any AccessTokenSource
    let transport: HTTPTransport
    let scratchDirectory: URL
    let recorder: SnapshotRecorder?
    let redactor: SecretRedactor
    /// Told what the run should know but that fails nothing (a group the API does not know).
    let onWarning: @Sendable (String) -> Void
    /// One copy of each event across this run's queries, page by page (`PageWalk`).
    let interner = EventInterner()
    /// Each event node parsed and mapped once however many of this run's answers hold it.
    let nodes = EventNodes()

    /// - Parameters:
    ///   - credentials: the bearer token, only ever put in the Authorization header:
    ///     never logged, recorded or included in an error.
    ///   - transport: shared by every query and the photo downloads.
    ///   - scratchDirectory: where response bodies land before they are read.
    ///   - redactor: takes secrets out of server text before it reaches an error.
    package init(
        endpoint: URL, credentials: any AccessTokenSource, transport: HTTPTransport, scratchDirectory: URL,
        redactor: SecretRedactor, recorder: SnapshotRecorder? = nil,
        onWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.endpoint = endpoint
        self.credentials = credentials
        self.transport = transport
        self.scratchDirectory = scratchDirectory
        self.redactor = redactor
        self.recorder = recorder
        self.onWarning = onWarning
    }

    package func fetchEvents(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome) -> Void
    ) {
        fetchEventsAndGroups(for: query, window: window) { outcome, _ in completion(outcome) }
    }

    package func fetchEventsAndGroups(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        switch query.kind {
        case .search(let area):
            let recorder = self.recorder
            let walk = Walk(query: query, body: { SearchRequest.body(for: area, window: window, first: $0, after: $1) })
            { pages in
                recorder?.recordPages(pages, for: query.id)
            }
            self.walk(walk, after: nil, state: PageWalk(maxEvents: query.maxEvents, interner: interner), rawPages: []) {
                completion($0, nil)
            }
        case .network(let urlname):
            fetchNetwork(urlname, query: query, window: window, completion: completion)
        case .groups(let urlnames):
            fetchGroups(urlnames, query: query, window: window, completion: completion)
        case .calendar, .groupFeeds:
            // `CalendarSource` answers calendars and group feeds before any Meetup source is asked.
            completion(.failed(.calendar(query: query.id, reason: "not a Meetup API query")), nil)
        }
    }

    /// The table holds a digest and an event per distinct node: the walks kept the events they need.
    package func fetchFinished() {
        nodes.removeAll()
    }

    /// One paged event list: how to ask for a page, and what becomes of its raw pages
    /// once it is complete (recorded, or kept by a groups query that records them together).
    struct Walk: Sendable {
        let query: EventQuery
        let body: @Sendable (_ first: Int, _ after: String?) -> Data
        /// The number of the walk's first page (a group's later pages start at 2: its first
        /// came in a batch).
        var firstPage = 1
        let rawPagesDone: @Sendable ([Data]) -> Void

        init(
            query: EventQuery, body: @escaping @Sendable (_ first: Int, _ after: String?) -> Data, firstPage: Int = 1,
            rawPagesDone: @escaping @Sendable ([Data]) -> Void
        ) {
            self.query = query
            self.body = body
            self.firstPage = firstPage
            self.rawPagesDone = rawPagesDone
        }
    }

    func walk(
        _ walk: Walk, after cursor: String?, state: PageWalk, rawPages: [Data],
        completion: @escaping @Sendable (QueryOutcome) -> Void
    ) {
        let query = walk.query
        let pageNumber = state.pagesRead + walk.firstPage
        let body = walk.body(min(SearchRequest.pageSize, state.remaining), cursor)
        authorizedPOST(body, query: query, page: pageNumber, completion: completion) { data in
            do throws(PageMappingError) {
                let page = try EventMapper.page(from: data, nodes: nodes)
                next(walk, after: page, data: data, state: state, rawPages: rawPages, completion: completion)
            } catch {
                completion(.failed(FetchError(error, query: query.id, page: pageNumber, redactor: redactor)))
            }
        }
    }

    /// One GraphQL POST with the current token; a refused token is renewed once
    /// (`authorized`). `onData` gets the answer's body.
    func authorizedPOST(
        _ body: Data, query: EventQuery, page pageNumber: Int, cost: Int = 1,
        completion: @escaping @Sendable (QueryOutcome) -> Void, onData: @escaping @Sendable (Data) -> Void
    ) {
        let failed: @Sendable (AuthError) -> Void = { error in
            completion(
                .failed(.authentication(query: query.id, page: pageNumber, reason: redactor.redact(error.description))))
        }
        credentials.authorized(
            { token, refused in
                send(body, token: token, query: query, page: pageNumber, cost: cost, refused: refused, onData: onData) {
                    completion(.failed($0))
                }
            }, failed: failed)
    }

    /// One GraphQL POST. A 401, or GraphQL errors saying the token is invalid or
    /// expired, are reported as `refused` (`authorized` renews the token once).
    private func send(
        _ body: Data, token: String, query: EventQuery, page pageNumber: Int, cost: Int,
        refused: @escaping @Sendable (String) -> Void,
        onData: @escaping @Sendable (Data) -> Void, onFailure: @escaping @Sendable (FetchError) -> Void
    ) {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = body
        // A search is a read, so the POST is safe to repeat: it is retried like a GET.
        transport.download(request, maxBytes: transport.limits.maxResponseBytes, into: scratchDirectory, cost: cost) {
            result in
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
                    // Worth one more request: the error names who may not read it.
                    return member(token: token) {
                        onFailure(.networkUnreadable(query: query.id, network: urlname, member: $0))
                    }
                }
                // A refused token is known before the page is read, whatever its shape (only an
                // answer with errors is parsed twice).
                if ByteSearch.contains(Array("\"errors\"".utf8), in: data), let document = try? JSONValue.parse(data),
                    TokenRefusal.refuses(document)
                {
                    let messages = document["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
                    return refused("the API said: " + redactor.redact(messages.joined(separator: "; ")))
                }
                onData(data)
            }
        }
    }

    /// Who the token belongs to ("Ada Lovelace (id 123)"), from `self`; nil when the API does not say.
    private func member(token: String, completion: @escaping @Sendable (String?) -> Void) {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(JSONValue.object(["query": .string(AuthCheck.selfQuery)]).compactJSON.utf8)
        transport.download(request, maxBytes: 1 << 20, into: scratchDirectory) { [redactor] result in
            guard case .success(let download) = result, let file = download.file else { return completion(nil) }
            defer { try? FileManager.default.removeItem(at: file) }
            guard let me = (try? Data(contentsOf: file)).flatMap({ try? JSONValue.parse($0) })?["data"]?["self"],
                let id = me["id"]?.stringValue ?? me["id"]?.intValue.map(String.init)
            else { return completion(nil) }
            let name = TextCleaning.singleLine(me["name"]?.stringValue ?? "")
            completion(redactor.redact(name.isEmpty ? "member \(id)" : "\(name) (member \(id))"))
        }
    }

    /// Folds a page into the walk, then asks for the next page or finishes the list.
    private func next(
        _ walk: Walk, after page: EventPage, data: Data, state: PageWalk, rawPages: [Data],
        completion: @escaping @Sendable (QueryOutcome) -> Void
    ) {
        var state = state
        let step = state.add(page)
        // Raw bodies are kept only when recording.
        let pages = recorder == nil ? [] : rawPages + [data]
        switch step {
        case .next(let next):
            self.walk(walk, after: next, state: state, rawPages: pages, completion: completion)
        case .failed(let reason):
            completion(.failed(.paging(query: walk.query.id, reason: reason)))
        case .finished:
            walk.rawPagesDone(pages)
            completion(.succeeded(events: state.events))
        }
    }
}
