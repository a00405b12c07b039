import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupSupport
import NIOCore
import NIOHTTP1

/// How one exchange ended, before any retry.
enum ExchangeResult: Sendable {
    /// The server answered; `file` holds the body when it was one worth keeping.
    case answered(status: Int, headers: [String: String], file: URL?, byteCount: Int)
    /// No answer to use: `transient` failures are worth another try.
    case failed(TransportFailure, transient: Bool)
}

/// One request and its redirects on AsyncHTTPClient: the address policy checked for every
/// target, credentials kept with their origin, the body handled by `BodyDelegate`, and the
/// time limits enforced: idle (AsyncHTTPClient's connect and read timeouts), the whole request
/// (its deadline, and a check with each buffer), and the run's.
struct HTTPExchange: Sendable {
    let client: HTTPClient
    let addressPolicy: AddressPolicy
    let limits: NetworkLimits
    /// The end of the run's time: past it, what is in flight fails as "run timed out".
    let runDeadline: ContinuousClock.Instant

    /// What to keep of a body, and where.
    struct BodyRule: Sendable {
        var maxBytes: Int
        var directory: URL
        /// Also keep 4xx bodies (an OAuth endpoint explains its refusals in JSON).
        var keepsErrorBodies: Bool
    }

    /// Redirects followed for one request, as libcurl's default for Foundation.
    static let maximumRedirects = 10

    /// Sends `request`, follows its redirects, and calls `completion` once, from an event loop.
    func perform(
        _ request: URLRequest, body rule: BodyRule, completion: @escaping @Sendable (ExchangeResult) -> Void
    ) {
        hop(request, rule: rule, redirectsLeft: Self.maximumRedirects, started: .now, completion: completion)
    }

    private func hop(
        _ request: URLRequest, rule: BodyRule, redirectsLeft: Int, started: ContinuousClock.Instant,
        completion: @escaping @Sendable (ExchangeResult) -> Void
    ) {
        send(request, rule: rule, started: started) { result in
            guard case .answered(let status, let headers, _, _) = result,
                let next = Redirect.next(after: request, status: status, location: headers["location"]),
                let target = next.url
            else { return completion(result) }
            guard redirectsLeft > 0 else {
                return completion(.failed(.network("too many redirects"), transient: false))
            }
            if let reason = addressPolicy.refusal(for: target) {
                return completion(.failed(.refused("redirect: \(reason)"), transient: false))
            }
            hop(next, rule: rule, redirectsLeft: redirectsLeft - 1, started: started, completion: completion)
        }
    }

    private func send(
        _ request: URLRequest, rule: BodyRule, started: ContinuousClock.Instant,
        completion: @escaping @Sendable (ExchangeResult) -> Void
    ) {
        guard let outgoing = Self.clientRequest(request) else {
            return completion(.failed(.refused("no URL"), transient: false))
        }
        let resourceEnd = started + .milliseconds(Int64(limits.resourceTimeout * 1000))
        let (runDeadline, resourceMessage, idleMessage) = (self.runDeadline, self.resourceMessage, self.idleMessage)
        let overdue: @Sendable () -> TransportFailure? = {
            let now = ContinuousClock.now
            if now >= runDeadline { return .runTimedOut }
            return now >= resourceEnd ? .timedOut(resourceMessage) : nil
        }
        let delegate = BodyDelegate(rule: rule, overdue: overdue)
        let task = client.execute(
            request: outgoing, delegate: delegate, deadline: Self.deadline(min(resourceEnd, runDeadline)))
        task.futureResult.whenComplete { outcome in
            switch outcome {
            case .success(let result): completion(result)
            case .failure(let error):
                delegate.discard()
                if let failure = error as? TransportFailure {
                    return completion(.failed(failure, transient: failure.isTimeout))
                }
                if let failure = overdue(), failure == .runTimedOut || TransportErrors.isDeadline(error) {
                    return completion(.failed(failure, transient: failure.isTimeout))
                }
                if TransportErrors.isIdle(error) { return completion(.failed(.timedOut(idleMessage), transient: true)) }
                completion(
                    .failed(.network(TransportErrors.describe(error)), transient: TransportErrors.isTransient(error)))
            }
        }
    }

    private var idleMessage: String { "no data for \(Self.seconds(limits.requestTimeout))" }
    private var resourceMessage: String {
        "no complete answer within the resource limit of \(Self.seconds(limits.resourceTimeout))"
    }

    /// A body encoding other than identity: nothing here inflates it, and nothing should read it raw.
    static func contentEncoding(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
            value.lowercased() != "identity"
        else { return nil }
        return String(value.prefix(40))
    }

    static func clientRequest(_ request: URLRequest) -> HTTPClient.Request? {
        guard let url = request.url else { return nil }
        var headers = HTTPHeaders([("User-Agent", BuildInfo.userAgent), ("Accept-Encoding", "identity")])
        for (name, value) in request.allHTTPHeaderFields ?? [:] { headers.replaceOrAdd(name: name, value: value) }
        return try? HTTPClient.Request(
            url: url, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), headers: headers,
            body: request.httpBody.map { .bytes($0) })
    }

    static func deadline(_ instant: ContinuousClock.Instant) -> NIODeadline {
        let left = ContinuousClock.now.duration(to: instant)
        return .now()
            + .nanoseconds(
                max(0, left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000))
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

extension TransportFailure {
    /// A timeout is transient, like a dropped connection: worth another try.
    var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }
}
