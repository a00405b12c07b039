import FlyingFox
import Foundation
import MeetupSupport

/// A scriptable stand-in for the Meetup API and its photo CDN, listening on
/// 127.0.0.1 on an ephemeral port. Tests and the benchmark load it with recorded
/// pages and real image files, inject latency and faults, and read its counters
/// to see what the client really sent.
///
/// - `POST /gql`: answers a GraphQL `eventSearch` with the pages registered for
///   the request's `variables.filter.query`, following `after` cursors.
/// - `GET /photos/<name>`: serves a registered photo with an ETag and answers
///   a matching `If-None-Match` with 304.
package final class LoopbackServer: Sendable {
    /// What the server saw and sent, for assertions.
    package struct Counters: Sendable, Equatable {
        package var graphQLRequests = 0
        package var photoResponses200 = 0
        package var photoResponses304 = 0
        package var photoBytesSent = 0
        package var authorizationHeaders: Set<String> = []
    }

    /// A fault to answer with instead of the normal response.
    package enum Fault: Sendable {
        case status(Int, body: String = "", headers: [String: String] = [:])
        case body(String, contentType: String = "application/json")
        /// A 302 to `location` (relative to this server, or absolute).
        case redirect(to: String)
        /// A 200 whose body is `count` bytes of filler.
        case oversized(count: Int, contentType: String = "application/json")
    }

    struct ScheduledFault: Sendable {
        var fault: Fault
        var remaining: Int
    }

    struct Photo: Sendable {
        var data: Data
        var contentType: String
        var etag: String
        var cacheControl: String?
    }

    struct State: Sendable {
        private(set) var pages: [String: [Data]] = [:]
        /// Each registered page's `endCursor`, worked out once as it is registered: parsing the
        /// earlier pages again (JSONSerialization) for every request that follows a cursor was
        /// more CPU than meetup-report's own reading of W2's answers, on the same two cores.
        private(set) var cursors: [String: [String?]] = [:]

        mutating func setPages(_ registered: [Data], key: String) {
            pages[key] = registered
            cursors[key] = registered.map(LoopbackServer.endCursor(of:))
        }

        /// A network's answers as served, by request shape (`LoopbackServer+Network`).
        var networkAnswers: [String: [Data]] = [:]
        var groups: [String: LoopbackGroup] = [:]
        var photos: [String: Photo] = [:]
        var pageFaults: [String: ScheduledFault] = [:]
        var photoFaults: [String: ScheduledFault] = [:]
        var onRequest: (@Sendable (String) -> Void)?
        var photoRequests = 0
        var latency: Duration = .zero
        var counters = Counters()
        /// When set, only these bearer tokens are accepted; others get `tokenRejection`.
        var acceptedTokens: Set<String>?
        var tokenRejection = TokenRejection.status401
        var member = (id: "1001", name: "Loopback Member")
    }

    /// How the API refuses a token it does not accept.
    package enum TokenRejection: Sendable {
        case status401
        /// HTTP 200 with a GraphQL error carrying this `extensions.code`.
        case graphQLError(code: String)
    }

    let state = LockedBox(State())
    private let server: HTTPServer
    private let task = LockedBox<Task<Void, Error>?>(nil)

    package init() throws {
        server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    }

    // MARK: Script

    /// Registers the raw response bodies for a keyword, in page order.
    package func setPages(_ pages: [Data], forKeyword keyword: String) {
        state.withLock { $0.setPages(pages, key: keyword) }
    }

    /// Registers the raw bodies of a Pro network's `proNetwork.eventsSearch`, in page order.
    /// A network with none registered answers `proNetwork: null`, as an unreadable one does.
    package func setPages(_ pages: [Data], forNetwork urlname: String) {
        state.withLock {
            $0.setPages(pages, key: "network:" + urlname)
            $0.networkAnswers = [:]
        }
    }

    /// Serves `data` at `/photos/<name>` and returns its full URL once started.
    package func setPhoto(
        _ data: Data, named name: String, contentType: String = "image/jpeg", cacheControl: String? = nil
    ) {
        let etag = "\"\(data.count)-\(Self.fnv1a(data))\""
        state.withLock {
            $0.photos[name] = Photo(data: data, contentType: contentType, etag: etag, cacheControl: cacheControl)
        }
    }

    /// Photo requests of any status, for "no request at all" checks.
    package var photoRequests: Int { state.withLock { $0.photoRequests } }

    /// Answers page `page` (1-based) of `keyword` with a fault, the next `times` times it is asked for.
    package func setPageFault(_ fault: Fault?, keyword: String, page: Int, times: Int = .max) {
        state.withLock {
            $0.pageFaults["\(keyword)#\(page)"] = fault.map { ScheduledFault(fault: $0, remaining: times) }
        }
    }

    package func setPhotoFault(_ fault: Fault?, named name: String, times: Int = .max) {
        state.withLock { $0.photoFaults[name] = fault.map { ScheduledFault(fault: $0, remaining: times) } }
    }

    /// Called with each request's path as it arrives (before latency), e.g. to kill a client at a precise point.
    package func setRequestObserver(_ observer: (@Sendable (String) -> Void)?) {
        state.withLock { $0.onRequest = observer }
    }

    private func takeFault(_ key: String, photo: Bool) -> Fault? {
        state.withLock { state in
            guard var scheduled = photo ? state.photoFaults[key] : state.pageFaults[key], scheduled.remaining > 0 else {
                return nil
            }
            scheduled.remaining -= 1
            if photo { state.photoFaults[key] = scheduled } else { state.pageFaults[key] = scheduled }
            return scheduled.fault
        }
    }

    /// Delay before every response, to model a real network round trip.
    package func setLatency(_ latency: Duration) {
        state.withLock { $0.latency = latency }
    }

    package var counters: Counters { state.withLock { $0.counters } }

    package func resetCounters() {
        state.withLock { $0.counters = Counters() }
    }

    /// Accept only these tokens from now on (nil: accept any, the default).
    package func setAcceptedTokens(_ tokens: Set<String>?, rejection: TokenRejection = .status401) {
        state.withLock {
            $0.acceptedTokens = tokens
            $0.tokenRejection = rejection
        }
    }

    package func acceptToken(_ token: String) {
        state.withLock { _ = $0.acceptedTokens?.insert(token) }
    }

    /// The token is refused from now on, as an expired one is.
    package func revokeToken(_ token: String) {
        state.withLock { _ = $0.acceptedTokens?.remove(token) }
    }

    /// Who `query { self { id name } }` says the token belongs to.
    package func setMember(id: String, name: String) {
        state.withLock { $0.member = (id, name) }
    }

    // MARK: Lifecycle

    /// Starts listening and returns the base URL, e.g. `http://127.0.0.1:41234`.
    package func start() async throws -> URL {
        await server.appendRoute("POST /gql") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return try await self.answerGraphQL(request)
        }
        await server.appendRoute("GET /photos/*") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return await self.answerPhoto(request)
        }
        let server = self.server
        task.withLock { $0 = Task { try await server.run() } }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(let host, let port)? = await server.listeningAddress else {
            throw URLError(.cannotConnectToHost)
        }
        NoDelay.enable(onListeningPort: port)
        guard let url = URL(string: "http://\(host):\(port)") else { throw URLError(.badURL) }
        return url
    }

    package func stop() async {
        await server.stop(timeout: 0)
        task.withLock { $0?.cancel() }
    }

    // MARK: Handlers

    private func delay() async {
        let latency = state.withLock { $0.latency }
        if latency > .zero { try? await Task.sleep(for: latency) }
    }

    private func answerGraphQL(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try await request.bodyData
        let authorization = request.headers[.authorization]
        state.withLock { $0.onRequest }?(request.path)
        state.withLock {
            $0.counters.graphQLRequests += 1
            if let authorization { $0.counters.authorizationHeaders.insert(authorization) }
        }
        await delay()
        let (accepted, rejection, member) = state.withLock { ($0.acceptedTokens, $0.tokenRejection, $0.member) }
        if let accepted {
            let token = authorization.flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
            if token.map({ !accepted.contains($0) }) ?? true {
                switch rejection {
                case .status401:
                    return Self.json(
                        #"{"errors":[{"message":"Unauthorized: invalid or expired token"}]}"#, status: .unauthorized)
                case .graphQLError(let code):
                    return Self.json(
                        #"{"data":null,"errors":[{"message":"Invalid access token","extensions":{"code":"\#(code)"}}]}"#
                    )
                }
            }
        }
        let payload = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        if let document = payload?["query"] as? String, document.contains("self {") {
            let answer: [String: Any] = ["data": ["self": ["id": member.id, "name": member.name]]]
            return HTTPResponse(
                statusCode: .ok, headers: [.contentType: "application/json"],
                body: (try? JSONSerialization.data(withJSONObject: answer)) ?? Data())
        }
        let variables = payload?["variables"] as? [String: Any]
        if let document = payload?["query"] as? String, document.contains("groupByUrlname") {
            return answerGroups(document: document, variables: variables ?? [:])
        }
        let key: String
        let after: String?
        if let urlname = variables?["urlname"] as? String, let input = variables?["input"] as? [String: Any] {
            let groupsList = (payload?["query"] as? String)?.contains("groupsSearch") ?? false
            key = (groupsList ? "network-groups:" : "network:") + urlname
            after = input["after"] as? String
            let (known, readable) = state.withLock { ($0.pages[key] != nil, $0.pages["network:" + urlname] != nil) }
            if !readable { return Self.json(#"{"data":{"proNetwork":null}}"#) }
            if !known, groupsList {
                return Self.json(
                    #"{"data":{"proNetwork":{"groupsSearch":{"totalCount":0,"pageInfo":{"hasNextPage":false,"endCursor":null},"edges":[]}}}}"#
                )
            }
            if !groupsList {
                let pages = state.withLock { $0.pages[key] ?? [] }
                return answerNetworkEvents(key: key, pages: pages, input: input) { number in
                    takeFault("\(key)#\(number)", photo: false).map(Self.response(for:))
                }
            }
        } else if let filter = variables?["filter"] as? [String: Any], let keyword = filter["query"] as? String {
            key = keyword
            after = variables?["after"] as? String
        } else {
            return Self.json(#"{"errors":[{"message":"malformed request"}]}"#, status: .badRequest)
        }
        let keyword = key
        let (pages, cursors) = state.withLock { ($0.pages[keyword] ?? [], $0.cursors[keyword] ?? []) }
        let index = after.flatMap { cursor in cursors.firstIndex { $0 == cursor }.map { $0 + 1 } } ?? 0
        if let fault = takeFault("\(keyword)#\(index + 1)", photo: false) {
            return Self.response(for: fault)
        }
        guard index < pages.count else {
            return Self.json(
                #"{"data":{"eventSearch":{"totalCount":0,"pageInfo":{"hasNextPage":false,"endCursor":null},"edges":[]}}}"#
            )
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: pages[index])
    }

    private func answerPhoto(_ request: HTTPRequest) async -> HTTPResponse {
        state.withLock { $0.onRequest }?(request.path)
        state.withLock { $0.photoRequests += 1 }
        await delay()
        let name = String(request.path.dropFirst("/photos/".count))
        let photo = state.withLock { $0.photos[name] }
        if let fault = takeFault(name, photo: true) { return Self.response(for: fault) }
        guard let photo else { return HTTPResponse(statusCode: .notFound) }
        var headers: HTTPHeaders = [HTTPHeader("ETag"): photo.etag]
        if let cacheControl = photo.cacheControl { headers[.cacheControl] = cacheControl }
        if request.headers[HTTPHeader("If-None-Match")] == photo.etag {
            state.withLock { $0.counters.photoResponses304 += 1 }
            return HTTPResponse(statusCode: .notModified, headers: headers)
        }
        state.withLock {
            $0.counters.photoResponses200 += 1
            $0.counters.photoBytesSent += photo.data.count
        }
        headers[.contentType] = photo.contentType
        return HTTPResponse(statusCode: .ok, headers: headers, body: photo.data)
    }

    /// A content hash that is the same in every process (unlike `hashValue`), so ETags survive a restart.
    static func fnv1a(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    fileprivate static func endCursor(of page: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: page) as? [String: Any],
            let data = object["data"] as? [String: Any],
            let search =
                (data["eventSearch"]
                ?? (data["proNetwork"] as? [String: Any]).flatMap { $0["eventsSearch"] ?? $0["groupsSearch"] })
                as? [String: Any],
            let info = search["pageInfo"] as? [String: Any]
        else { return nil }
        return info["endCursor"] as? String
    }

    private static func response(for fault: Fault) -> HTTPResponse {
        switch fault {
        case .status(let code, let body, let extra):
            var headers: HTTPHeaders = [.contentType: "text/plain"]
            for (name, value) in extra { headers[HTTPHeader(name)] = value }
            return HTTPResponse(
                statusCode: HTTPStatusCode(code, phrase: "Injected"), headers: headers, body: Data(body.utf8))
        case .body(let body, let contentType):
            return HTTPResponse(statusCode: .ok, headers: [.contentType: contentType], body: Data(body.utf8))
        case .redirect(let location):
            return HTTPResponse(
                statusCode: HTTPStatusCode(302, phrase: "Found"), headers: [HTTPHeader("Location"): location])
        case .oversized(let count, let contentType):
            return HTTPResponse(
                statusCode: .ok, headers: [.contentType: contentType], body: Data(repeating: 0x20, count: count))
        }
    }

    private static func json(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: Data(text.utf8))
    }
}
