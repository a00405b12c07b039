import Foundation
import MeetupSupport
#if canImport(Glibc)
    import Glibc
#endif

/// Faults below HTTP that a well-behaved server library will not produce: a
/// listener on 127.0.0.1 that reads each request and then misbehaves at the socket
/// level. Every connection is bounded in time; `stop()` ends everything.
package final class RawFaultServer: Sendable {
    package enum Behaviour: Sendable {
        /// Accepts, reads the request, and never answers.
        case neverAnswer
        /// Sends headers and half the body, then resets the connection (RST).
        case resetMidBody
        /// Promises `Content-Length: 1000`, sends 100 bytes and closes.
        case truncatedBody
        /// Sends headers, then one body byte per `interval`, for at most `bytes` bytes.
        case slowDrip(interval: Duration, bytes: Int)
        /// A 200 with no Content-Length (the body ends when the connection closes),
        /// `bytes` long: the size is known only by counting what arrives.
        case unannouncedBody(bytes: Int)
        /// A 200 whose body is `body` under `Content-Encoding: encoding` (a compression bomb).
        /// With `otherwise`, a server that honours Accept-Encoding: a request that does not
        /// accept the encoding gets that many plain bytes instead, streamed; without, the
        /// server encodes whatever the request asked for.
        case encodedBody(Data, encoding: String, otherwise: Int? = nil)
        /// Answers a connection's first request with `answer` (200, kept alive) and closes the
        /// connection when a second request arrives on it, unanswered: a kept-alive connection
        /// that died as the client reused it. Records each request's body (`bodies`).
        case dropsReusedConnections(answer: String)
    }

    package let port: UInt16
    private let listener: Int32
    private let behaviour: Behaviour
    private let state = LockedState()

    package init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:<port>`
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    package var connectionCount: Int { state.connections }

    /// Each request's body as it arrived, in order (`dropsReusedConnections`).
    package var bodies: [Data] { state.bodies }

    /// The head of the last request read (request line and headers), for what the client asked.
    package var lastRequestHead: String { state.lastRequestHead }

    /// Closes the listener and every open connection.
    package func stop() {
        state.stop()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !state.stopped {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            state.opened(client)
            // A thread of its own: the handlers block (sleep, recv), and Dispatch on Linux does
            // not grow its pool for blocked threads, so a third dripping connection waited
            // seconds for its first byte.
            let handler = Thread { [self] in
                handle(client)
                state.closed(client)
            }
            handler.start()
        }
    }

    private func handle(_ client: Int32) {
        if case .dropsReusedConnections(let answer) = behaviour { return keepAliveOnce(client, answer: answer) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let received = recv(client, &buffer, buffer.count, 0)
        state.received(String(decoding: buffer.prefix(max(received, 0)), as: UTF8.self))
        switch behaviour {
        case .dropsReusedConnections:
            break  // handled whole by `keepAliveOnce`, before the first read
        case .neverAnswer:
            // Hold the connection until the client gives up or the server stops.
            while !state.stopped, recv(client, &buffer, buffer.count, 0) > 0 {}
        case .resetMidBody:
            send(
                client,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"data\":{\"eventSea")
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case .truncatedBody:
            send(
                client,
                "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n"
                    + String(repeating: "x", count: 100))
        case .unannouncedBody(let bytes):
            send(client, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
            let chunk = String(repeating: " ", count: 65_536)
            var sent = 0
            while sent < bytes, !state.stopped, send(client, chunk) { sent += chunk.utf8.count }
        case .encodedBody(_, let encoding, let plain?) where !Self.accepts(encoding, state.lastRequestHead):
            send(client, "HTTP/1.1 200 OK\r\nContent-Type: text/calendar\r\nContent-Length: \(plain)\r\n\r\n")
            let chunk = String(repeating: " ", count: 65_536)
            var sent = 0
            while sent < plain, !state.stopped, send(client, chunk) { sent += chunk.utf8.count }
        case .encodedBody(let body, let encoding, _):
            send(
                client,
                "HTTP/1.1 200 OK\r\nContent-Type: text/calendar\r\nContent-Encoding: \(encoding)\r\n"
                    + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n")
            _ = body.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        case .slowDrip(let interval, let bytes):
            send(client, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(bytes)\r\n\r\n")
            for _ in 0..<bytes where !state.stopped {
                guard send(client, " ") else { break }
                Thread.sleep(
                    forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds)
                        / 1e18)
            }
        }
        close(client)
    }

    private static func accepts(_ encoding: String, _ head: String) -> Bool {
        head.lowercased().split(separator: "\r\n").contains { line in
            line.hasPrefix("accept-encoding:") && line.contains(encoding.lowercased())
        }
    }

    private func keepAliveOnce(_ client: Int32, answer: String) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        for index in 0..<2 {
            guard let body = readRequest(client) else { break }
            state.received(body: body)
            guard index == 0 else { break }
            send(
                client,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(answer.utf8.count)\r\n\r\n")
            send(client, answer)
        }
        close(client)
    }

    /// One request's body (by its Content-Length, or what came before the client stopped sending).
    private func readRequest(_ client: Int32) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Range<Data.Index>?
        var length = 0
        while !state.stopped {
            if let end = headEnd, data.count - end.upperBound >= length { break }
            let received = recv(client, &buffer, buffer.count, 0)
            guard received > 0 else { break }
            data.append(contentsOf: buffer.prefix(received))
            if headEnd == nil, let end = data.range(of: Data("\r\n\r\n".utf8)) {
                headEnd = end
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
                length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            }
        }
        guard let headEnd else { return nil }
        return data[headEnd.upperBound...]
    }

    @discardableResult
    private func send(_ client: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }
}

/// Connection bookkeeping shared by the accept thread and the handlers.
private final class LockedState: Sendable {
    private struct Counts {
        var open: Set<Int32> = []
        var count = 0
        var stopped = false
        var lastRequestHead = ""
        var bodies: [Data] = []
    }

    private let counts = LockedBox(Counts())

    var stopped: Bool { counts.withLock { $0.stopped } }
    var connections: Int { counts.withLock { $0.count } }
    var lastRequestHead: String { counts.withLock { $0.lastRequestHead } }
    var bodies: [Data] { counts.withLock { $0.bodies } }

    func received(body: Data) { counts.withLock { $0.bodies.append(Data(body)) } }

    func received(_ request: String) {
        let head = request.components(separatedBy: "\r\n\r\n").first ?? request
        counts.withLock { $0.lastRequestHead = head }
    }

    func opened(_ fd: Int32) {
        counts.withLock {
            $0.open.insert(fd); $0.count += 1
        }
    }
    func closed(_ fd: Int32) { counts.withLock { _ = $0.open.remove(fd) } }

    func stop() {
        let sockets = counts.withLock { counts in
            counts.stopped = true
            return counts.open
        }
        for fd in sockets { shutdown(fd, Int32(SHUT_RDWR)) }
    }
}
