import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the delegate saw of one task, handed over once it completes.
struct TaskOutcome: Sendable {
    /// The body, already moved into the caller's folder (the session deletes its own copy).
    var file: URL?
    var response: URLResponse?
    var error: Error?
    /// A failure the delegate decided (too large, refused redirect); it wins over `error`.
    var verdict: TransportFailure?
}

/// The session delegate: streams bodies to files, stops bodies that grow past their
/// cap while they arrive, checks every redirect against the address policy, and
/// reports each task exactly once when it completes.
final class TransportDelegate: NSObject, URLSessionDownloadDelegate, Sendable {
    typealias Completion = @Sendable (TaskOutcome) -> Void

    private struct TaskState {
        var maxBytes: Int
        var directory: URL
        var completion: Completion
        var outcome = TaskOutcome()
    }

    private let addressPolicy: AddressPolicy
    private let tasks = LockedBox([Int: TaskState]())

    init(addressPolicy: AddressPolicy) {
        self.addressPolicy = addressPolicy
    }

    func register(_ taskIdentifier: Int, maxBytes: Int, directory: URL, completion: @escaping Completion) {
        tasks.withLock { $0[taskIdentifier] = TaskState(maxBytes: maxBytes, directory: directory, completion: completion) }
    }

    private func fail(_ task: URLSessionTask, _ verdict: TransportFailure) {
        tasks.withLock { $0[task.taskIdentifier]?.outcome.verdict = verdict }
        task.cancel()
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        guard let cap = tasks.withLock({ $0[downloadTask.taskIdentifier]?.maxBytes }) else { return }
        if totalBytesWritten > Int64(cap) || totalBytesExpectedToWrite > Int64(cap) {
            fail(downloadTask, .tooLarge(limit: cap))
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        guard let directory = tasks.withLock({ $0[downloadTask.taskIdentifier]?.directory }) else { return }
        let destination = directory.appendingPathComponent(UUID().uuidString)
        if (try? FileManager.default.moveItem(at: location, to: destination)) != nil {
            tasks.withLock { $0[downloadTask.taskIdentifier]?.outcome.file = destination }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard var state = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        state.outcome.response = task.response
        state.outcome.error = error
        // The session's delegate queue is serial: parsing a page or storing a photo
        // there would hold up every other transfer's callbacks.
        let outcome = state.outcome
        let completion = state.completion
        DispatchQueue.global().async { completion(outcome) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        if let url = request.url, let reason = addressPolicy.refusal(for: url) {
            tasks.withLock { $0[task.taskIdentifier]?.outcome.verdict = .refused("redirect: \(reason)") }
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }
}
