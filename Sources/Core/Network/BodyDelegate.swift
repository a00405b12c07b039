import AsyncHTTPClient
import Foundation
import MeetupSupport
import NIOCore
import NIOHTTP1

/// Receives one answer on NIO's event loop: refuses it at its headers when it is encoded or
/// announced over the cap, streams a body worth keeping into a file, and stops the moment the
/// body passes its cap or the time limit. The next buffer is read only once this one is
/// written, so memory stays within a buffer whatever the server sends; nothing is inflated.
///
/// Not Swift concurrency: the pipeline above waits on Dispatch groups, which can hold every
/// thread of the cooperative pool while a body waits for one (seen: idle timeouts on a body
/// that was arriving).
final class BodyDelegate: HTTPClientResponseDelegate {
    typealias Response = ExchangeResult

    private struct State {
        var status = 0
        var headers: [String: String] = [:]
        var keeps = false
        var sink: BodyFile?
        var count = 0
    }

    private let rule: HTTPExchange.BodyRule
    private let overdue: @Sendable () -> TransportFailure?
    private let state = LockedBox(State())

    /// - Parameter overdue: the failure to end the transfer with once its time is up, checked
    ///   with each buffer (a server that drips bytes never goes idle).
    init(rule: HTTPExchange.BodyRule, overdue: @escaping @Sendable () -> TransportFailure?) {
        self.rule = rule
        self.overdue = overdue
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let status = Int(head.status.code)
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name.lowercased()] = value }
        if let encoding = HTTPExchange.contentEncoding(headers["content-encoding"]) {
            return task.eventLoop.makeFailedFuture(
                TransportFailure.refused(
                    "the server encoded its answer (Content-Encoding: \(encoding)) though asked for none"))
        }
        // A 429's body too: Matrix says how long to wait only there (`RateLimitWait`).
        let keeps =
            (200..<300).contains(status) || status == 429
            || (rule.keepsErrorBodies && (400..<500).contains(status))
        if keeps, let length = headers["content-length"].flatMap(Int.init), length > rule.maxBytes {
            return task.eventLoop.makeFailedFuture(TransportFailure.tooLarge(limit: rule.maxBytes))
        }
        do {
            let sink = keeps ? try BodyFile(in: rule.directory) : nil
            state.withLock { $0 = State(status: status, headers: headers, keeps: keeps, sink: sink) }
            return task.eventLoop.makeSucceededVoidFuture()
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let rule = self.rule
        let problem = state.withLock { state -> (any Error)? in
            // Checked before writing: nothing past the cap ever reaches the disk.
            state.count += buffer.readableBytes
            guard state.count <= rule.maxBytes else { return TransportFailure.tooLarge(limit: rule.maxBytes) }
            do { try state.sink?.write(buffer) } catch { return error }
            return nil
        }
        if let problem = problem ?? overdue() { return task.eventLoop.makeFailedFuture(problem) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Response>, _ error: any Error) {
        discard()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        try state.withLock { state in
            let file = try state.sink?.finish()
            state.sink = nil
            return .answered(
                status: state.status, headers: state.headers, file: file, byteCount: state.keeps ? state.count : 0)
        }
    }

    /// Removes a partial body; called on every failure.
    func discard() {
        state.withLock { state in
            state.sink?.discard()
            state.sink = nil
        }
    }
}
