import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupConfig
import MeetupNetwork
import MeetupRender
import MeetupSupport

/// One digest posted to one room, through the run's transport rules (timeouts, size cap,
/// no redirect followed, `Retry-After` honoured). Slack's and Discord's webhooks are not
/// idempotent: only a 429 (the post was not taken) is retried. Matrix's `PUT` carries a
/// transaction id and Mastodon's post an `Idempotency-Key`, both the digest's fingerprint,
/// so a retried post never posts twice.
struct ChatPost {
    let target: ChatTarget
    let secret: String
    let digest: ChatDigest

    /// The request, its body and whether it may be sent again.
    func request() -> (URLRequest, idempotent: Bool)? {
        let key = String(digest.fingerprint.prefix(32))
        let body: JSONValue
        var url: URL?
        var method = "POST"
        var idempotent = false
        switch target.service {
        case .slack:
            body = ChatMessages.slack(digest)
            url = URL(string: secret)
        case .discord:
            body = ChatMessages.discord(digest)
            // `wait=true`: Discord answers with the message, so a success is a 200 with a body.
            url = URL(string: secret).flatMap { url in
                guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
                let items = components.queryItems ?? []
                components.queryItems = items + [URLQueryItem(name: "wait", value: "true")]
                return components.url
            }
        case .matrix:
            body = ChatMessages.matrix(digest)
            let room = target.room?.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            url = target.homeserver.map {
                Sitemap.absolute("_matrix/client/v3/rooms/\(room)/send/m.room.message/mr-\(key)", baseURL: $0)
            }
            method = "PUT"
            idempotent = true
        case .mastodon:
            body = ChatMessages.mastodon(digest, visibility: target.visibility)
            url = target.instance.map { Sitemap.absolute("api/v1/statuses", baseURL: $0) }
            idempotent = true
        }
        guard let url else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = Data(body.compactJSON.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(BuildInfo.userAgent, forHTTPHeaderField: "User-Agent")
        if target.service == .matrix || target.service == .mastodon {
            request.setValue("Bearer \(secret)", forHTTPHeaderField: "Authorization")
        }
        if target.service == .mastodon { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        return (request, idempotent)
    }

    /// Sends it and waits for the answer (or the run's deadline).
    func send(with transport: HTTPTransport, scratch: URL, deadline: ContinuousClock.Instant) -> ChatFailure? {
        guard let (request, idempotent) = request() else {
            return .refused("no address to post to")
        }
        let outcome = LockedBox<Result<HTTPDownload, TransportFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        transport.download(request, maxBytes: 1 << 20, into: scratch, idempotent: idempotent) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        let left = max(0, (deadline - ContinuousClock.now).seconds)
        guard done.wait(timeout: .now() + left + 1) == .success, let result = outcome.withLock({ $0 }) else {
            return .uncertain("no answer before the run's time limit")
        }
        switch result {
        case .success(let download):
            if let file = download.file { try? FileManager.default.removeItem(at: file) }
            return nil
        case .failure(let failure):
            return ChatFailure(failure)
        }
    }
}
