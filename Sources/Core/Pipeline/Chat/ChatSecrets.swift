import Foundation
import MeetupAuth
import MeetupConfig
import MeetupNetwork

/// Each chat room's secret (a webhook URL or an access token), read once per run from its
/// environment variable or file (a file readable by others is refused, as every secret file
/// here), so the redactor knows it before anything is logged.
struct ChatSecrets: Sendable {
    /// By the target's key path (`digest.chat[1]`): the secret, or why there is none.
    let byKeyPath: [String: Result<String, ChatFailure>]

    init(_ targets: [ChatTarget], environment: [String: String]) {
        var found: [String: Result<String, ChatFailure>] = [:]
        for target in targets {
            found[target.keyPath] = Self.read(target, environment: environment)
        }
        byKeyPath = found
    }

    private static func read(_ target: ChatTarget, environment: [String: String]) -> Result<String, ChatFailure> {
        let what = target.service == .slack || target.service == .discord ? "webhook URL" : "access token"
        let text: String
        switch target.secret {
        case .variable(let name):
            guard let value = environment[name], !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return .failure(
                    .noSecret("the environment variable \(name) is not set or empty; it must hold the \(what)"))
            }
            text = value
        case .file(let url):
            do {
                text = try SecretFile.read(url, what: "\(target.service.rawValue) \(what) file")
            } catch {
                return .failure(.noSecret(error.description))
            }
        }
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if target.service == .slack || target.service == .discord {
            guard let url = URL(string: secret),
                url.scheme?.lowercased() == "https" || url.scheme?.lowercased() == "http",
                url.host?.isEmpty == false
            else {
                return .failure(.noSecret("the \(target.service.rawValue) webhook is not an http(s) URL"))
            }
        }
        return .success(secret)
    }

    /// What the redactor must hide: each secret, and a webhook's path (where its token is).
    var redacted: [String] {
        byKeyPath.values.compactMap { try? $0.get() }.flatMap { secret in
            [secret] + (URL(string: secret).map { $0.path.count >= 8 ? [$0.path] : [] } ?? [])
        }
    }

    /// The hosts the user chose for chat: accepted even on a private network, like the API's.
    func hosts(of targets: [ChatTarget]) -> Set<String> {
        var hosts = Set(targets.compactMap { ($0.homeserver ?? $0.instance)?.host })
        for case .success(let secret) in byKeyPath.values {
            if let host = URL(string: secret)?.host { hosts.insert(host) }
        }
        return hosts
    }
}

/// Why a digest was not posted: said in the run's summary, never with a secret.
enum ChatFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case noSecret(String)
    /// Not taken: refused before or by the service (a 4xx, a bad address, no connection).
    case refused(String)
    /// Perhaps taken: the request went out and no clear answer came back (a 5xx, a timeout, a
    /// dropped connection, the run's time limit).
    case uncertain(String)

    var description: String {
        switch self {
        case .noSecret(let reason), .refused(let reason), .uncertain(let reason): reason
        }
    }

    /// A transport failure as what it says about the post.
    init(_ failure: TransportFailure) {
        switch failure {
        case .status(let status) where status >= 500: self = .uncertain("\(failure)")
        case .timedOut, .network, .runTimedOut: self = .uncertain("\(failure)")
        case .status, .tooLarge, .refused: self = .refused("\(failure)")
        }
    }
}
