import FlyingFox
import Foundation
import MeetupSupport

/// Meetup's public group calendars on 127.0.0.1: `GET /<urlname>/events/ical/` answers a
/// registered feed with an ETag (and 304 to a matching `If-None-Match`), 404 for a group it
/// does not know; every request is kept with its headers and the moment it arrived.
final class GroupFeedServer: Sendable {
    struct Request: Sendable {
        var path: String
        var headers: [String: String]
        var at: ContinuousClock.Instant
        var status: Int
    }

    private let feeds = LockedBox([String: Data]())
    private let requests = LockedBox([Request]())
    private let server: HTTPServer
    private let task = LockedBox<Task<Void, Error>?>(nil)

    init() throws {
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    }

    var received: [Request] { requests.withLock { $0 } }
    func setFeed(_ data: Data, for urlname: String) { feeds.withLock { $0[urlname.lowercased()] = data } }

    func start() async throws -> URL {
        await server.appendRoute("GET /*") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return self.answer(request)
        }
        let server = self.server
        task.withLock { $0 = Task { try await server.run() } }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(let host, let port)? = await server.listeningAddress,
            let url = URL(string: "http://\(host):\(port)/")
        else { throw URLError(.cannotConnectToHost) }
        return url
    }

    func stop() async {
        await server.stop(timeout: 0)
        task.withLock { $0?.cancel() }
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let parts = request.path.split(separator: "/").map(String.init)
        let feed =
            parts.count == 3 && parts[1] == "events" && parts[2] == "ical"
            ? feeds.withLock { $0[parts[0].lowercased()] } : nil
        let response: HTTPResponse
        if let feed {
            let etag = "\"\(ContentHash.sha256Hex(feed).prefix(16))\""
            var answer: HTTPHeaders = [HTTPHeader("ETag"): etag]
            if headers["if-none-match"] == etag {
                response = HTTPResponse(statusCode: .notModified, headers: answer)
            } else {
                answer[.contentType] = "text/calendar; charset=utf-8"
                response = HTTPResponse(statusCode: .ok, headers: answer, body: feed)
            }
        } else {
            response = HTTPResponse(statusCode: .notFound)
        }
        requests.withLock {
            $0.append(Request(path: request.path, headers: headers, at: .now, status: response.statusCode.code))
        }
        return response
    }
}
