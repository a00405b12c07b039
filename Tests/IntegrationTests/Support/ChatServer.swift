import FlyingFox
import Foundation
import MeetupSupport

/// Slack, Discord, Matrix and Mastodon on 127.0.0.1, each checking a post against the
/// service's documented shape and limits (Slack's Block Kit: 50 blocks, header 150 and
/// section 3,000 characters; Discord: 10 embeds, 6,000 characters in all, title 256,
/// content 2,000, `allowed_mentions`; Matrix: `m.room.message` with `body`, HTML
/// `formatted_body` and `m.mentions`; Mastodon: 500 characters, a URL counting 23), and
/// that nothing in it can ping a room: `<!channel>`, `@everyone`, `@here`, `@room`, or a
/// Mastodon `@user`. A post that breaks a rule is answered 400 and its problems kept.
final class ChatServer: Sendable {
    struct Post: Sendable {
        var service: String
        var path: String
        var headers: [String: String]
        var body: MeetupSupport.JSONValue
    }

    /// An answer given instead of the real one.
    struct Fault: Sendable {
        var status: HTTPStatusCode
        var headers: [String: String] = [:]
        var body = ""
    }

    private struct State {
        var posts: [Post] = []
        var problems: [String] = []
        /// Answers to give, request by request, before the real ones; nil answers for real.
        var faults: [Fault?] = []
        var requests = 0
    }

    static let slackPath = "/services/T000/B000/slack-secret-0f9e8d7c"
    static let discordPath = "/api/webhooks/123/discord-secret-a1b2c3d4"
    static let matrixToken = "matrix-token-5e6f7a8b"
    static let mastodonToken = "mastodon-token-9c0d1e2f"

    private let state = LockedBox(State())
    private let server: HTTPServer
    private let task = LockedBox<Task<Void, Error>?>(nil)

    init() throws {
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    }

    var posts: [Post] { state.withLock { $0.posts } }
    var problems: [String] { state.withLock { $0.problems } }
    var requests: Int { state.withLock { $0.requests } }
    /// The next requests' answers: a 429 says `Retry-After: 0`, as Slack would.
    func failNext(_ statuses: [HTTPStatusCode]) {
        failNext(
            statuses.map { status in
                Fault(status: status, headers: status == .tooManyRequests ? ["Retry-After": "0"] : [:])
            })
    }

    func failNext(_ faults: [Fault?]) { state.withLock { $0.faults = faults } }

    func start() async throws -> URL {
        for (route, service) in [
            ("POST \(Self.slackPath)", "slack"), ("POST \(Self.discordPath)", "discord"),
            ("PUT /_matrix/client/v3/rooms/*", "matrix"), ("POST /api/v1/statuses", "mastodon"),
        ] {
            await server.appendRoute(HTTPRoute(stringLiteral: route)) { [weak self] request in
                guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
                return self.answer(service, request: request, body: try await request.bodyData)
            }
        }
        let server = self.server
        task.withLock { $0 = Task { try await server.run() } }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(let host, let port)? = await server.listeningAddress,
            let url = URL(string: "http://\(host):\(port)")
        else { throw URLError(.cannotConnectToHost) }
        return url
    }

    func stop() async {
        await server.stop(timeout: 0)
        task.withLock { $0?.cancel() }
    }

    private func answer(_ service: String, request: HTTPRequest, body: Data) -> HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let fault: Fault? = state.withLock { state in
            state.requests += 1
            return state.faults.isEmpty ? nil : state.faults.removeFirst()
        }
        if let fault {
            var headers = HTTPHeaders()
            for (name, value) in fault.headers { headers[HTTPHeader(name)] = value }
            return HTTPResponse(statusCode: fault.status, headers: headers, body: Data(fault.body.utf8))
        }
        guard let json = try? MeetupSupport.JSONValue.parse(body) else {
            return reject(service, ["the body is not JSON"])
        }
        var problems = Self.check(service, json, headers: headers, path: request.path)
        problems += Self.mentions(in: Self.texts(of: json), service: service)
        guard problems.isEmpty else { return reject(service, problems) }
        state.withLock {
            $0.posts.append(Post(service: service, path: request.path, headers: headers, body: json))
        }
        switch service {
        case "slack": return HTTPResponse(statusCode: .ok, body: Data("ok".utf8))
        case "matrix": return HTTPResponse(statusCode: .ok, body: Data(#"{"event_id":"$e1"}"#.utf8))
        default: return HTTPResponse(statusCode: .ok, body: Data(#"{"id":"1"}"#.utf8))
        }
    }

    private func reject(_ service: String, _ problems: [String]) -> HTTPResponse {
        state.withLock { $0.problems += problems.map { "\(service): \($0)" } }
        return HTTPResponse(statusCode: .badRequest, body: Data("invalid_payload".utf8))
    }

    /// Every string in the payload, keys' values only.
    static func texts(of value: MeetupSupport.JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let items): items.flatMap(texts(of:))
        case .object(let members): members.values.flatMap(texts(of:))
        default: []
        }
    }

    /// What would ping people: Slack's special mentions, Discord's and Matrix's words, a
    /// Mastodon handle (an `@` straight before a letter).
    static func mentions(in texts: [String], service: String) -> [String] {
        var found: [String] = []
        for text in texts {
            let special =
                switch service {
                case "slack": ["<!channel>", "<!here>", "<!everyone>", "<@"]
                case "discord": ["<@"]
                default: [String]()
                }
            for needle in special + ["@everyone", "@here", "@room"] where text.contains(needle) {
                found.append("\(needle) in \(text.prefix(80))")
            }
            if service == "mastodon", text.range(of: #"@[A-Za-z0-9_]"#, options: .regularExpression) != nil {
                found.append("a handle in \(text.prefix(80))")
            }
        }
        return found
    }

    static func check(_ service: String, _ json: MeetupSupport.JSONValue, headers: [String: String], path: String)
        -> [String]
    {
        switch service {
        case "slack": slack(json)
        case "discord": discord(json, path: path)
        case "matrix": matrix(json, headers: headers, path: path)
        default: mastodon(json, headers: headers)
        }
    }

    static func slack(_ json: MeetupSupport.JSONValue) -> [String] {
        var problems: [String] = []
        guard let blocks = json["blocks"]?.arrayValue, !blocks.isEmpty else { return ["no blocks"] }
        if blocks.count > 50 { problems.append("\(blocks.count) blocks (at most 50)") }
        if (json["text"]?.stringValue ?? "").isEmpty { problems.append("no fallback text") }
        for block in blocks {
            let type = block["type"]?.stringValue ?? ""
            let text = block["text"]?["text"]?.stringValue ?? ""
            switch type {
            case "header":
                if block["text"]?["type"]?.stringValue != "plain_text" || text.count > 150 || text.isEmpty {
                    problems.append("a header must be plain_text of 1 to 150 characters")
                }
            case "section":
                if text.isEmpty || text.count > 3_000 {
                    problems.append("a section's text is \(text.count) characters")
                }
            case "context":
                let elements = block["elements"]?.arrayValue ?? []
                if elements.isEmpty || elements.count > 10 {
                    problems.append("a context has \(elements.count) elements")
                }
            default: problems.append("an unknown block type \(type)")
            }
            // Only &, < and > are escaped in mrkdwn; a < starts a link or a mention.
            let mrkdwn = block["text"]?["type"]?.stringValue == "mrkdwn" ? text : ""
            for match in mrkdwn.matches(of: /<([^>]*)>/) where !match.1.hasPrefix("http") {
                problems.append("<\(match.1)> in a section")
            }
        }
        return problems
    }

    static func discord(_ json: MeetupSupport.JSONValue, path: String) -> [String] {
        var problems: [String] = []
        if json["allowed_mentions"]?["parse"]?.arrayValue?.isEmpty != true {
            problems.append("allowed_mentions.parse is not []")
        }
        let content = json["content"]?.stringValue ?? ""
        if content.count > 2_000 { problems.append("content of \(content.count) characters") }
        let embeds = json["embeds"]?.arrayValue ?? []
        if embeds.count > 10 { problems.append("\(embeds.count) embeds (at most 10)") }
        var total = 0
        for embed in embeds {
            let title = embed["title"]?.stringValue ?? ""
            let description = embed["description"]?.stringValue ?? ""
            if title.count > 256 { problems.append("an embed title of \(title.count) characters") }
            if description.count > 4_096 { problems.append("an embed description of \(description.count) characters") }
            total += title.count + description.count
        }
        if total > 6_000 { problems.append("embeds of \(total) characters in all (at most 6,000)") }
        return problems
    }

    static func matrix(_ json: MeetupSupport.JSONValue, headers: [String: String], path: String) -> [String] {
        var problems: [String] = []
        if headers["authorization"] != "Bearer \(matrixToken)" { problems.append("not the room's access token") }
        if !path.contains("/send/m.room.message/") { problems.append("not an m.room.message send: \(path)") }
        if !["m.text", "m.notice"].contains(json["msgtype"]?.stringValue ?? "") { problems.append("msgtype") }
        if (json["body"]?.stringValue ?? "").isEmpty { problems.append("no body") }
        if json["format"]?.stringValue != "org.matrix.custom.html" || json["formatted_body"]?.stringValue == nil {
            problems.append("no HTML formatted_body")
        }
        if json["m.mentions"]?.objectValue?.isEmpty != true { problems.append("m.mentions is not {}") }
        let html = json["formatted_body"]?.stringValue ?? ""
        if html.lowercased().contains("<script") { problems.append("a script in formatted_body") }
        if json.compactJSON.utf8.count > 65_536 { problems.append("an event over 65,536 bytes") }
        return problems
    }

    static func mastodon(_ json: MeetupSupport.JSONValue, headers: [String: String]) -> [String] {
        var problems: [String] = []
        if headers["authorization"] != "Bearer \(mastodonToken)" { problems.append("not the account's access token") }
        if (headers["idempotency-key"] ?? "").isEmpty { problems.append("no Idempotency-Key") }
        let status = json["status"]?.stringValue ?? ""
        // Mastodon counts every URL as 23 characters.
        let counted = status.replacing(/https?:\/\/\S+/, with: String(repeating: "x", count: 23)).count
        if status.isEmpty || counted > 500 { problems.append("a status of \(counted) characters (at most 500)") }
        if !["public", "unlisted", "private", "direct"].contains(json["visibility"]?.stringValue ?? "") {
            problems.append("visibility")
        }
        return problems
    }
}
