import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import AsyncHTTPClient
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

/// Every HTTP request of a run goes through here: one HTTP client, bodies streamed to
/// disk with a size cap, retries with backoff and jitter (honouring Retry-After) for
/// idempotent requests within a per-run budget and deadline, and the address policy
/// checked before each request and each redirect.
package final class HTTPTransport: Sendable {
    package let limits: NetworkLimits
    private let client: HTTPClient
    /// For requests that must not be sent twice: it reuses no connection.
    private let oneOffClient: HTTPClient
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
        client = HTTPClientFactory.make(maximumConnectionsPerHost: maximumConnectionsPerHost, limits: limits)
        oneOffClient = HTTPClientFactory.make(maximumConnectionsPerHost: 1, limits: limits, reusesConnections: false)
    }

    deinit {
        // Whatever is still in flight is cancelled; each client lives until its shutdown ends.
        client.shutdown { _ in }
        oneOffClient.shutdown { _ in }
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
        // A request that must not be sent twice goes over a connection used for nothing else: one
        // reused after the server closed it would be sent again, and a webhook would post twice.
        let exchange = HTTPExchange(
            client: idempotent ? client : oneOffClient, addressPolicy: addressPolicy, limits: limits,
            runDeadline: deadline)
        let rule = HTTPExchange.BodyRule(maxBytes: maxBytes, directory: directory, keepsErrorBodies: errorBodies)
        sent.withLock { $0 += 1 }
        let clock = self.clock
        exchange.perform(request, body: rule) { result in
            switch result {
            case .failed(let failure, let transient):
                transient ? retry(failure, nil) : completion(.failure(failure))
            case .answered(let status, let headers, let file, let byteCount):
                Self.settle(
                    status: status, headers: headers, file: file, byteCount: byteCount, url: url,
                    errorBodies: errorBodies, now: clock, retry: retry, completion: completion)
            }
        }
    }

    /// What an answer's status makes of it. Any body not handed to the caller is removed here.
    private static func settle(
        status: Int, headers: [String: String], file: URL?, byteCount: Int, url: URL, errorBodies: Bool,
        now: @Sendable () -> Date, retry: @Sendable (TransportFailure, String?) -> Void,
        completion: @Sendable (Result<HTTPDownload, TransportFailure>) -> Void
    ) {
        let drop = { if let file { try? FileManager.default.removeItem(at: file) } }
        switch status {
        case 204, 304:
            drop()
            completion(.success(HTTPDownload(status: status, headers: headers, file: nil, byteCount: 0)))
        case 200..<300:
            guard let file else { return retry(.network("the body was not saved"), nil) }
            completion(.success(HTTPDownload(status: status, headers: headers, file: file, byteCount: byteCount)))
        case 300..<400:
            drop()
            // Only the target's origin is named: a Location may carry a secret in its query.
            let target = headers["location"].flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }.map(
                Origin.init)
            completion(.failure(.refused("redirected to \(target.map(\.description) ?? "nowhere") and not followed")))
        case let status where errorBodies && (400..<500).contains(status) && !RetryPolicy.isRetryable(status: status):
            completion(.success(HTTPDownload(status: status, headers: headers, file: file, byteCount: byteCount)))
        case let status where RetryPolicy.isRetryable(status: status):
            let body = status == 429 ? file.flatMap { try? Data(contentsOf: $0) } : nil
            drop()
            retry(.status(status), RateLimitWait.retryAfter(headers: headers, body: body, now: now()))
        default:
            drop()
            completion(.failure(.status(status)))
        }
    }
}
