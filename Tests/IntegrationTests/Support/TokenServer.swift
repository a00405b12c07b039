import FlyingFox
import Foundation
import LoopbackServer
import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import MeetupSupport
import _CryptoExtras

/// A Meetup OAuth token endpoint on 127.0.0.1 that checks what Meetup checks: the
/// RS256 signature against the registered public key, `alg`, `kid`, `iss`, `sub`,
/// `aud`, and an `exp` in the future but not too far; or, for the refresh-token
/// flow, the client id and secret and the current refresh token, rotated on use.
/// Every token it issues is accepted by the loopback API it is given.
final class TokenServer: Sendable {
    struct Client: Sendable {
        var clientKey = "client-key-7c1"
        var memberID = "1001"
        var signingKeyID = "kid-2026"
        var clientID = "client-id-3a9"
        var clientSecret = "client-secret-5f0e9a"
    }

    private struct State {
        var issued: [String] = []
        var assertions: [String] = []
        var refreshTokens: [String] = []
        var currentRefreshToken: String
        var requests = 0
        /// Nil: the real clock (tests of the binary, whose network time is always real).
        var clock: Date?
        var lifetime: TimeInterval = 3600
        var rotates = true
        var onRequest: (@Sendable () -> Void)?
    }

    let client: Client
    private let publicKey: _RSA.Signing.PublicKey
    private let api: LoopbackServerAPI
    private let state: LockedBox<State>
    private let server: HTTPServer
    private let task = LockedBox<Task<Void, Error>?>(nil)

    init(
        publicKey: _RSA.Signing.PublicKey, api: LoopbackServerAPI, refreshToken: String = "refresh-0-b7d2e1", now: Date,
        client: Client = Client()
    ) throws {
        self.publicKey = publicKey
        self.api = api
        self.client = client
        state = LockedBox(State(refreshTokens: [refreshToken], currentRefreshToken: refreshToken, clock: now))
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    }

    /// Starts listening; returns the token endpoint's URL.
    func start() async throws -> URL {
        await server.appendRoute("POST /oauth2/access") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return self.answer(String(decoding: try await request.bodyData, as: UTF8.self))
        }
        let server = self.server
        task.withLock { $0 = Task { try await server.run() } }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(let host, let port)? = await server.listeningAddress,
            let url = URL(string: "http://\(host):\(port)/oauth2/access")
        else { throw URLError(.cannotConnectToHost) }
        return url
    }

    func stop() async {
        await server.stop(timeout: 0)
        task.withLock { $0?.cancel() }
    }

    var requests: Int { state.withLock { $0.requests } }
    var issuedTokens: [String] { state.withLock { $0.issued } }
    var assertions: [String] { state.withLock { $0.assertions } }
    var refreshTokens: [String] { state.withLock { $0.refreshTokens } }
    var currentRefreshToken: String { state.withLock { $0.currentRefreshToken } }

    /// The moment the server judges assertions and lifetimes by; nil for the real clock.
    func setClock(_ now: Date?) { state.withLock { $0.clock = now } }
    func setTokenLifetime(_ seconds: TimeInterval) { state.withLock { $0.lifetime = seconds } }
    func setRotates(_ rotates: Bool) { state.withLock { $0.rotates = rotates } }
    /// Told of each token request as it arrives (a kill test uses it).
    func setRequestObserver(_ observer: (@Sendable () -> Void)?) { state.withLock { $0.onRequest = observer } }
    /// Makes `token` the valid refresh token again (after a test lost a rotation on purpose).
    func resetRefreshToken(to token: String) { state.withLock { $0.currentRefreshToken = token } }

    private func answer(_ body: String) -> HTTPResponse {
        let form = Self.parseForm(body)
        state.withLock { $0.requests += 1 }
        state.withLock { $0.onRequest }?()
        switch form["grant_type"] {
        case "urn:ietf:params:oauth:grant-type:jwt-bearer":
            let assertion = form["assertion"] ?? ""
            state.withLock { $0.assertions.append(assertion) }
            if let problem = verify(assertion) { return Self.error("invalid_grant", problem) }
            return issue(rotating: false)
        case "refresh_token":
            guard form["client_id"] == client.clientID, form["client_secret"] == client.clientSecret else {
                return Self.error("invalid_client", "Client authentication failed")
            }
            guard form["refresh_token"] == currentRefreshToken else {
                return Self.error("invalid_grant", "Invalid refresh token")
            }
            return issue(rotating: state.withLock { $0.rotates })
        default:
            return Self.error("unsupported_grant_type", "Unsupported grant type")
        }
    }

    /// Nil when the assertion is what Meetup accepts, else why not.
    private func verify(_ assertion: String) -> String? {
        let parts = assertion.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Self.base64URLDecode(parts[0]),
            let claimsData = Self.base64URLDecode(parts[1]),
            let signature = Self.base64URLDecode(parts[2]),
            let header = try? MeetupSupport.JSONValue.parse(headerData),
            let claims = try? MeetupSupport.JSONValue.parse(claimsData)
        else {
            return "Malformed JWT"
        }
        guard header["alg"]?.stringValue == "RS256", header["typ"]?.stringValue == "JWT" else {
            return "Unsupported algorithm"
        }
        guard header["kid"]?.stringValue == client.signingKeyID else { return "Unknown signing key" }
        guard
            publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature),
                for: Data((parts[0] + "." + parts[1]).utf8), padding: .insecurePKCS1v1_5)
        else {
            return "Invalid signature"
        }
        guard claims["iss"]?.stringValue == client.clientKey else { return "Unknown client" }
        guard claims["sub"]?.stringValue == client.memberID else { return "Unknown member" }
        guard claims["aud"]?.stringValue == "api.meetup.com" else { return "Invalid audience" }
        let now = (state.withLock { $0.clock } ?? Date()).timeIntervalSince1970
        guard let exp = claims["exp"]?.doubleValue else { return "Missing exp" }
        guard exp > now else { return "JWT expired" }
        // As real servers do: an assertion issued in the future is refused (60 s of skew allowed).
        if let iat = claims["iat"]?.doubleValue, iat > now + 60 { return "JWT iat is in the future" }
        guard exp <= now + 600 else { return "JWT lifetime too long" }
        return nil
    }

    private func issue(rotating: Bool) -> HTTPResponse {
        let (token, refresh, lifetime) = state.withLock { state -> (String, String?, TimeInterval) in
            let token = "access-\(state.issued.count + 1)-\(UUID().uuidString.prefix(8))"
            state.issued.append(token)
            var refresh: String?
            if rotating {
                let next = "refresh-\(state.refreshTokens.count)-\(UUID().uuidString.prefix(6))"
                state.refreshTokens.append(next)
                state.currentRefreshToken = next
                refresh = next
            }
            return (token, refresh, state.lifetime)
        }
        api.acceptToken(token)
        var body: [String: MeetupSupport.JSONValue] = [
            "access_token": .string(token), "token_type": .string("bearer"), "expires_in": .number(lifetime),
        ]
        if let refresh { body["refresh_token"] = .string(refresh) }
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "application/json"],
            body: Data(MeetupSupport.JSONValue.object(body).compactJSON.utf8))
    }

    private static func error(_ code: String, _ description: String) -> HTTPResponse {
        let body = MeetupSupport.JSONValue.object(["error": .string(code), "error_description": .string(description)])
            .compactJSON
        return HTTPResponse(statusCode: .badRequest, headers: [.contentType: "application/json"], body: Data(body.utf8))
    }

    static func parseForm(_ body: String) -> [String: String] {
        var form: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).removingPercentEncoding ?? String($0)
            }
            if parts.count == 2 { form[parts[0]] = parts[1] }
        }
        return form
    }

    static func base64URLDecode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

/// The part of the loopback API the token server talks to.
protocol LoopbackServerAPI: Sendable {
    func acceptToken(_ token: String)
}

extension LoopbackServer: LoopbackServerAPI {}
