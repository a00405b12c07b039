import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif
import MeetupSupport

/// What the delegate saw of one task, handed over once it completes.
struct TaskOutcome: Sendable {
    /// The 2xx body, streamed into the caller's folder; nil on every failure (the file is gone then).
    var file: URL?
    var byteCount = 0
    var response: URLResponse?
    var error: Error?
    /// A failure the delegate decided (too large, timed out, refused redirect); it wins over `error`.
    var verdict: TransportFailure?
}

/// The session delegate, for data tasks: streams 2xx bodies into a file of the
/// caller's folder (never `$TMPDIR`: swift-corelibs-foundation's download tasks
/// leave a `UUID.tmp` there on every failed transfer), stops a body the moment it
/// passes its cap, checks every redirect against the address policy, and cuts
/// requests that go idle or run too long.
///
/// The time limits are enforced here because swift-corelibs-foundation does not:
/// it ignores `timeoutIntervalForResource`, and truncates `timeoutIntervalForRequest`
/// to whole seconds (0.5 s becomes 0 ms, failing every request at once).
final class TransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Completion = @Sendable (TaskOutcome) -> Void

    private struct TaskState {
        var task: URLSessionTask
        var maxBytes: Int
        var directory: URL
        /// Also keep 4xx bodies (an OAuth endpoint explains its refusals in JSON).
        var keepsErrorBodies: Bool
        var completion: Completion
        var started: ContinuousClock.Instant
        var lastActivity: ContinuousClock.Instant
        var descriptor: Int32 = -1
        var outcome = TaskOutcome()
    }

    private let addressPolicy: AddressPolicy
    private let idleTimeout: Duration
    private let resourceTimeout: Duration
    private let tasks = LockedBox([Int: TaskState]())
    private let tick: TimeInterval
    private let stopped = LockedBox(false)

    init(addressPolicy: AddressPolicy, limits: NetworkLimits) {
        self.addressPolicy = addressPolicy
        idleTimeout = .milliseconds(Int64(limits.requestTimeout * 1000))
        resourceTimeout = .milliseconds(Int64(limits.resourceTimeout * 1000))
        // A tenth of the shorter limit, so a limit is overrun by at most 10 % (and never
        // by more than a second); 10 ms at the smallest accepted requestTimeout of 0.1 s.
        tick = min(1, max(0.01, min(limits.requestTimeout, limits.resourceTimeout) / 10))
        super.init()
        scheduleWatchdog()
    }

    /// The watchdog: one check per tick while the transport lives.
    private func scheduleWatchdog() {
        DispatchQueue.global().asyncAfter(deadline: .now() + tick) { [weak self] in
            guard let self, !stopped.withLock({ $0 }) else { return }
            enforceTimeouts()
            scheduleWatchdog()
        }
    }

    /// Stops the watchdog; the transport calls it when it goes away.
    func invalidate() {
        stopped.withLock { $0 = true }
    }

    func register(
        _ task: URLSessionTask, maxBytes: Int, directory: URL, keepsErrorBodies: Bool = false,
        completion: @escaping Completion
    ) {
        let now = ContinuousClock.now
        tasks.withLock {
            $0[task.taskIdentifier] = TaskState(
                task: task, maxBytes: maxBytes, directory: directory, keepsErrorBodies: keepsErrorBodies,
                completion: completion, started: now, lastActivity: now)
        }
    }

    /// Records why the task failed and cancels it; the body written so far is removed on completion.
    private func fail(_ identifier: Int, _ verdict: TransportFailure) {
        let task = tasks.withLock { tasks -> URLSessionTask? in
            guard tasks[identifier] != nil, tasks[identifier]?.outcome.verdict == nil else { return nil }
            tasks[identifier]?.outcome.verdict = verdict
            return tasks[identifier]?.task
        }
        task?.cancel()
    }

    private func enforceTimeouts() {
        let now = ContinuousClock.now
        let expired = tasks.withLock { tasks in
            tasks.compactMap { identifier, state -> (Int, TransportFailure)? in
                guard state.outcome.verdict == nil else { return nil }
                if now - state.started >= resourceTimeout {
                    return (
                        identifier,
                        .timedOut("no complete answer within the resource limit of \(Self.seconds(resourceTimeout))")
                    )
                }
                if now - state.lastActivity >= idleTimeout {
                    return (identifier, .timedOut("no data for \(Self.seconds(idleTimeout))"))
                }
                return nil
            }
        }
        for (identifier, verdict) in expired { fail(identifier, verdict) }
    }

    static func seconds(_ duration: Duration) -> String {
        let value = duration.seconds
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let identifier = dataTask.taskIdentifier
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let refusal = tasks.withLock { tasks -> TransportFailure? in
            guard var state = tasks[identifier] else { return nil }
            state.lastActivity = .now
            // Only a 2xx body is kept (and 4xx when asked); error pages and 304s are read from the status alone.
            if let encoding = Self.contentEncoding(response) {
                tasks[identifier] = state
                return .refused("the server encoded its answer (Content-Encoding: \(encoding)) though asked for none")
            }
            // A 429's body too: Matrix says how long to wait only there (`RateLimitWait`).
            if (200..<300).contains(status) || status == 429 || (state.keepsErrorBodies && (400..<500).contains(status))
            {
                if response.expectedContentLength > Int64(state.maxBytes) {
                    tasks[identifier] = state
                    return .tooLarge(limit: state.maxBytes)
                }
                let file = state.directory.appendingPathComponent(UUID().uuidString + ".part")
                let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else {
                    tasks[identifier] = state
                    return .network(
                        "cannot write the body into \(state.directory.path) (\(String(cString: strerror(errno))))")
                }
                state.descriptor = descriptor
                state.outcome.file = file
            }
            tasks[identifier] = state
            return nil
        }
        if let refusal {
            fail(identifier, refusal)
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    /// A body encoding other than identity: it would be inflated before the cap could count it.
    static func contentEncoding(_ response: URLResponse) -> String? {
        guard
            let value = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")?
                .trimmingCharacters(in: .whitespaces), !value.isEmpty, value.lowercased() != "identity"
        else { return nil }
        return String(value.prefix(40))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        let problem = tasks.withLock { tasks -> TransportFailure? in
            guard var state = tasks[identifier], state.outcome.verdict == nil else { return nil }
            state.lastActivity = .now
            defer { tasks[identifier] = state }
            guard state.descriptor >= 0 else { return nil }
            // Checked before writing: nothing past the cap ever reaches the disk.
            guard state.outcome.byteCount + data.count <= state.maxBytes else {
                return .tooLarge(limit: state.maxBytes)
            }
            let written = data.withUnsafeBytes { FileOperations.writeAll(state.descriptor, $0) }
            guard written else { return .network("cannot write the body (\(String(cString: strerror(errno))))") }
            state.outcome.byteCount += data.count
            return nil
        }
        if let problem { fail(identifier, problem) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard var state = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if state.descriptor >= 0 { close(state.descriptor) }
        state.outcome.response = task.response
        state.outcome.error = error
        // A body is handed over only from a transfer that finished cleanly; any other
        // partial file is removed here, on every failure path.
        if error != nil || state.outcome.verdict != nil, let file = state.outcome.file {
            unlink(file.path)
            state.outcome.file = nil
        }
        // The session's delegate queue is serial: parsing a page or storing a photo
        // there would hold up every other transfer's callbacks.
        let outcome = state.outcome
        let completion = state.completion
        DispatchQueue.global().async { completion(outcome) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        if let url = request.url, let reason = addressPolicy.refusal(for: url) {
            tasks.withLock { $0[task.taskIdentifier]?.outcome.verdict = .refused("redirect: \(reason)") }
            completionHandler(nil)
            return
        }
        completionHandler(Self.withoutCrossOriginCredentials(request, from: task.originalRequest?.url))
    }

    /// Foundation copies every header onto the redirected request. Credentials stay
    /// with the origin they were meant for (scheme, host and port, as browsers and
    /// curl keep them): on a redirect elsewhere, `Authorization` and `Cookie` go.
    static func withoutCrossOriginCredentials(_ request: URLRequest, from original: URL?) -> URLRequest {
        guard let target = request.url, let original, Origin(original) != Origin(target) else { return request }
        var stripped = request
        for header in ["Authorization", "Cookie", "Proxy-Authorization"] {
            stripped.setValue(nil, forHTTPHeaderField: header)
        }
        return stripped
    }
}
