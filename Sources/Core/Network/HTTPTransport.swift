import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupSupport

/// A finished HTTP exchange whose body was streamed to a file.
package struct HTTPDownload: Sendable {
    package var status: Int
    /// Header values by lowercased name.
    package var headers: [String: String]
    /// The body, moved into the caller's folder; nil for bodiless answers such as 304.
    package var file: URL?
    package var byteCount: Int
}

/// Why a request finally failed, after any retries.
package enum TransportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case network(String)
    /// Cut by the transport's own clock: idle too long, or the whole request too long.
    case timedOut(String)
    case status(Int)
    case tooLarge(limit: Int)
    case refused(String)
    case runTimedOut

    package var description: String {
        switch self {
        case .network(let reason): "network error: \(reason)"
        case .timedOut(let reason): "timed out: \(reason)"
        case .status(let status): "HTTP \(status)"
        case .tooLarge(let limit): "the response is larger than the limit of \(limit) bytes"
        case .refused(let reason): "refused: \(reason)"
        case .runTimedOut: "the run's time limit was reached"
        }
    }
}

/// Every HTTP request of a run goes through here: one URLSession, bodies streamed to
/// disk with a size cap, retries with backoff and jitter (honouring Retry-After) for
/// idempotent requests within a per-run budget and deadline, and the address policy
/// checked before each request and each redirect.
package final class HTTPTransport: Sendable {
    package let limits: NetworkLimits
    private let session: URLSession
    private let delegate: TransportDelegate
    private let policy: RetryPolicy
    private let scheduler: any RetryScheduler
    private let budget: RetryBudget
    private let addressPolicy: AddressPolicy
    private let clock: @Sendable () -> Date
    private let random: @Sendable () -> Double
    private let deadline: ContinuousClock.Instant
    private let onRetry: @Sendable (URL, Int, TimeInterval, TransportFailure) -> Void
    private let sent = LockedBox(0)
    /// The API's rate limit, for its origin only: other origins (the photo CDN, a calendar
    /// host, another port of the same host) are not throttled.
    private let throttle: (origin: Origin, window: LockedBox<RequestThrottle>)?
    private let started = ContinuousClock.now

    /// Requests sent so far, retries included.
    package var requestsSent: Int { sent.withLock { $0 } }

    /// What the requests to the throttled origin (the API) counted against
    /// `limits.apiRequestsPerMinute`, retries included: a batch of groups counts its groups.
    package var throttledPointsSpent: Int { throttledPoints.withLock { $0 } }
    private let throttledPoints = LockedBox(0)

    /// - Parameters:
    ///   - clock: the wall-clock time, only for `Retry-After` dates.
    ///   - onRetry: told of each retry (URL, retry number, wait, why), for the log.
    package init(
        limits: NetworkLimits, maximumConnectionsPerHost: Int, addressPolicy: AddressPolicy,
        throttledOrigin: URL? = nil,
        scheduler: any RetryScheduler = DispatchRetryScheduler(),
        clock: @escaping @Sendable () -> Date = { Date() },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        onRetry: @escaping @Sendable (URL, Int, TimeInterval, TransportFailure) -> Void = { _, _, _, _ in }
    ) {
        self.limits = limits
        self.policy = RetryPolicy(limits: limits)
        self.scheduler = scheduler
        self.budget = RetryBudget(seconds: limits.retryBudget)
        self.addressPolicy = addressPolicy
        self.clock = clock
        self.random = random
        self.onRetry = onRetry
        throttle = throttledOrigin.map { (Origin($0), LockedBox(RequestThrottle(limit: limits.apiRequestsPerMinute))) }
        self.deadline = ContinuousClock.now + .milliseconds(Int64(limits.runTimeout * 1000))
        delegate = TransportDelegate(addressPolicy: addressPolicy, limits: limits)
        session = HTTPSession.make(
            maximumConnectionsPerHost: maximumConnectionsPerHost, limits: limits, delegate: delegate)
        // At the deadline, whatever is still in flight is cancelled and fails as "run timed out".
        let session = self.session
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.runTimeout) { [weak session] in
            session?.getAllTasks { tasks in tasks.forEach { $0.cancel() } }
        }
    }

    deinit {
        delegate.invalidate()
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` (retrying when `idempotent`) and streams a 2xx body into a new
    /// file inside `directory`. Calls `completion` exactly once.
    /// - Parameter errorBodies: a 4xx answer that is not worth retrying is handed over as
    ///   a download with its body (for the OAuth endpoint's JSON errors), not as a failure.
    /// - Parameter cost: how many requests' worth of the API's rate limit this one uses.
    package func download(
        _ request: URLRequest, maxBytes: Int, into directory: URL, idempotent: Bool = true, errorBodies: Bool = false,
        cost: Int = 1, completion: @escaping @Sendable (Result<HTTPDownload, TransportFailure>) -> Void
    ) {
        attempt(
            1, request, maxBytes: maxBytes, directory: directory, idempotent: idempotent, errorBodies: errorBodies,
            cost: cost,
            completion: completion)
    }

    private func attempt(
        _ number: Int, _ request: URLRequest, maxBytes: Int, directory: URL, idempotent: Bool, errorBodies: Bool,
        cost: Int, completion: @escaping @Sendable (Result<HTTPDownload, TransportFailure>) -> Void
    ) {
        guard ContinuousClock.now < deadline else { return completion(.failure(.runTimedOut)) }
        guard let url = request.url else { return completion(.failure(.refused("no URL"))) }
        if let reason = addressPolicy.refusal(for: url) { return completion(.failure(.refused(reason))) }

        let deadline = self.deadline
        // A request that must not be sent twice (a chat webhook's post) is sent again only after
        // a 429: the server says it did not take it.
        let retry: @Sendable (TransportFailure, String?) -> Void = { [self] failure, retryAfter in
            guard idempotent || failure == .status(429),
                let wait = policy.delay(beforeRetry: number, retryAfter: retryAfter, now: clock(), random: random()),
                ContinuousClock.now + .milliseconds(Int64(wait * 1000)) < deadline,
                budget.spend(wait)
            else {
                return completion(.failure(failure))
            }
            onRetry(url, number, wait, failure)
            scheduler.schedule(after: wait) { [self] in
                attempt(
                    number + 1, request, maxBytes: maxBytes, directory: directory, idempotent: idempotent,
                    errorBodies: errorBodies, cost: cost, completion: completion)
            }
        }

        // Throttled requests wait for their slot; the deadline still holds while they do.
        if let throttle, Origin(url) == throttle.origin {
            let now = (ContinuousClock.now - started).seconds
            let slot = throttle.window.withLock { $0.reserve(at: now, cost: cost) }
            throttledPoints.withLock { $0 += cost }
            if slot > now {
                return DispatchQueue.global().asyncAfter(deadline: .now() + (slot - now)) { [self] in
                    guard ContinuousClock.now < deadline else { return completion(.failure(.runTimedOut)) }
                    send(
                        request, url: url, maxBytes: maxBytes, directory: directory, idempotent: idempotent,
                        errorBodies: errorBodies, retry: retry, completion: completion)
                }
            }
        }
        send(
            request, url: url, maxBytes: maxBytes, directory: directory, idempotent: idempotent,
            errorBodies: errorBodies, retry: retry, completion: completion)
    }

    private func send(
        _ request: URLRequest, url: URL, maxBytes: Int, directory: URL, idempotent: Bool, errorBodies: Bool,
        retry: @escaping @Sendable (TransportFailure, String?) -> Void,
        completion: @escaping @Sendable (Result<HTTPDownload, TransportFailure>) -> Void
    ) {
        let (deadline, clock) = (self.deadline, self.clock)
        // A request that must not be sent twice goes over a connection of its own: libcurl sends
        // a request again by itself when a kept-alive connection it reused turns out dead, and
        // Foundation on Linux cannot rewind the body, so a webhook got a second, empty post
        // (seen with two Discord rooms on one host). A session of its own reuses nothing.
        let (session, delegate) = idempotent ? (self.session, self.delegate) : oneOffSession()
        let task = session.dataTask(with: request)
        sent.withLock { $0 += 1 }
        delegate.register(task, maxBytes: maxBytes, directory: directory, keepsErrorBodies: errorBodies) { outcome in
            if !idempotent {
                session.finishTasksAndInvalidate()
                delegate.invalidate()
            }
            // Any body not handed to the caller is removed here, whatever the outcome.
            let keep: @Sendable (Bool) -> Void = { kept in
                if !kept, let file = outcome.file { try? FileManager.default.removeItem(at: file) }
            }
            // A timeout is transient, like a dropped connection: worth another try.
            if case .timedOut(let reason)? = outcome.verdict { return retry(.timedOut(reason), nil) }
            if let verdict = outcome.verdict { keep(false); return completion(.failure(verdict)) }
            if let error = outcome.error {
                keep(false)
                if ContinuousClock.now >= deadline { return completion(.failure(.runTimedOut)) }
                guard Self.isTransient(error) else { return completion(.failure(.network(Self.describe(error)))) }
                return retry(.network(Self.describe(error)), nil)
            }
            guard let http = outcome.response as? HTTPURLResponse else {
                keep(false); return retry(.network("no HTTP response"), nil)
            }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
            }
            switch http.statusCode {
            case 204:
                keep(false)
                completion(.success(HTTPDownload(status: 204, headers: headers, file: nil, byteCount: 0)))
            case 200..<300:
                guard let file = outcome.file else { return retry(.network("the body was not saved"), nil) }
                completion(
                    .success(
                        HTTPDownload(
                            status: http.statusCode, headers: headers, file: file, byteCount: outcome.byteCount)))
            case 304:
                keep(false)
                completion(.success(HTTPDownload(status: 304, headers: headers, file: nil, byteCount: 0)))
            case 300..<400:
                keep(false)
                // Only the target's origin is named: a Location may carry a secret in its query.
                let target = headers["location"].flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }.map(
                    Origin.init)
                completion(
                    .failure(.refused("redirected to \(target.map(\.description) ?? "nowhere") and not followed")))
            case let status
            where errorBodies && (400..<500).contains(status) && !RetryPolicy.isRetryable(status: status):
                completion(
                    .success(
                        HTTPDownload(status: status, headers: headers, file: outcome.file, byteCount: outcome.byteCount)
                    ))
            case let status where RetryPolicy.isRetryable(status: status):
                let body = status == 429 ? outcome.file.flatMap { try? Data(contentsOf: $0) } : nil
                keep(false)
                retry(.status(status), RateLimitWait.retryAfter(headers: headers, body: body, now: clock()))
            default:
                keep(false)
                completion(.failure(.status(http.statusCode)))
            }
        }
        task.resume()
    }

    /// A session and delegate for one request, with the transport's limits and address policy.
    private func oneOffSession() -> (URLSession, TransportDelegate) {
        let delegate = TransportDelegate(addressPolicy: addressPolicy, limits: limits)
        return (HTTPSession.make(maximumConnectionsPerHost: 1, limits: limits, delegate: delegate), delegate)
    }

    /// Errors worth another try: timeouts and dropped connections, not redirect loops or bad URLs.
    static func isTransient(_ error: Error) -> Bool {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return true }
        return ![
            NSURLErrorHTTPTooManyRedirects, NSURLErrorCancelled, NSURLErrorBadURL, NSURLErrorUnsupportedURL,
            NSURLErrorRedirectToNonExistentLocation,
        ].contains(nsError.code)
    }

    /// A short reason without the URL (URLs may carry secrets in other setups).
    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return nsError.localizedDescription }
        switch nsError.code {
        case NSURLErrorTimedOut: return "timed out"
        case NSURLErrorCannotConnectToHost: return "cannot connect to the server"
        case NSURLErrorNetworkConnectionLost: return "connection lost"
        case NSURLErrorCannotFindHost: return "unknown host"
        case NSURLErrorNotConnectedToInternet: return "not connected to the internet"
        case NSURLErrorHTTPTooManyRedirects: return "too many redirects"
        case NSURLErrorCancelled: return "cancelled"
        default: return "URL error \(nsError.code)"
        }
    }
}
