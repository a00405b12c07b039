import Foundation
import MeetupConfig
import MeetupNetwork
import MeetupSupport

/// Access tokens the tool gets and renews itself (JWT bearer or refresh-token flow).
///
/// A cached token is reused across runs until five minutes before it expires. A new
/// one is requested at most once at a time: every request that needs it waits for
/// the same answer. When the API refuses a token, the first refusal renews it and
/// the others get the renewed one. Each request retries once with the renewed token
/// (`MeetupAPISource`); a second refusal fails that request, so nothing loops. A grant the
/// endpoint refused (or that could not be had) is the answer for the rest of the run: every
/// request that asks later gets that refusal, and the endpoint is never asked twice for it.
package final class IssuedTokens: AccessTokenSource {
    package typealias Completion = @Sendable (Result<String, AuthError>) -> Void

    private struct State {
        var current: TokenCache.Entry?
        var fetching = false
        var waiters: [Completion] = []
        var requests = 0
        /// The failed grant of this run, answered to everyone who asks after it.
        var failure: AuthError?
    }

    package let auth: AuthConfig
    private let environment: [String: String]
    private let endpoint: TokenEndpoint
    private let cache: TokenCache
    private let redactor: SecretRedactor
    private let clock: @Sendable () -> Date
    private let state = LockedBox(State())

    package var flowName: String { auth.flowName }

    /// Token requests sent to the endpoint in this run.
    package var tokenRequests: Int { state.withLock { $0.requests } }

    /// - Parameters:
    ///   - redactor: learns every secret this object reads or receives.
    ///   - clock: wall time, for expiry (injected in tests).
    package init(
        auth: AuthConfig, environment: [String: String], cacheDirectory: URL, transport: HTTPTransport,
        scratchDirectory: URL, redactor: SecretRedactor, clock: @escaping @Sendable () -> Date
    ) {
        self.auth = auth
        self.environment = environment
        self.redactor = redactor
        self.clock = clock
        let tokenEndpoint: URL
        switch auth {
        case .jwt(let settings): tokenEndpoint = settings.tokenEndpoint
        case .refreshToken(let settings): tokenEndpoint = settings.tokenEndpoint
        case .token: tokenEndpoint = AuthConfig.defaultTokenEndpoint
        }
        endpoint = TokenEndpoint(
            url: tokenEndpoint, transport: transport, scratchDirectory: scratchDirectory, redactor: redactor)
        cache = TokenCache(cacheDirectory: cacheDirectory, fingerprint: Self.fingerprint(auth))
        if case .refreshToken(let settings) = auth {
            redactor.add([environment[settings.clientSecretVariable] ?? ""])
        }
    }

    /// The flow and client a cached token belongs to, hashed (the cache file names no ids).
    static func fingerprint(_ auth: AuthConfig) -> String {
        switch auth {
        case .jwt(let s):
            ContentHash.sha256Hex(
                ["jwt", s.tokenEndpoint.absoluteString, s.clientKey, s.memberID, s.signingKeyID].joined(separator: "\n")
            )
        case .refreshToken(let s):
            ContentHash.sha256Hex(
                ["refresh-token", s.tokenEndpoint.absoluteString, s.clientID].joined(separator: "\n"))
        case .token(let variable): ContentHash.sha256Hex("token\n" + variable)
        }
    }

    /// The cached token, if any, and when it expires (for `meetup-report auth`).
    package var cachedEntry: (token: String, expiresAt: Date)? {
        cache.usable(at: clock()).map { ($0.token, $0.expiresAt) }
    }

    package func token(completion: @escaping Completion) {
        let now = clock()
        let ready = state.withLock { state -> Result<String, AuthError>? in
            if state.current == nil, let cached = cache.usable(at: now) { state.current = cached }
            if let current = state.current, current.expiresAt.timeIntervalSince(now) > TokenCache.renewalMargin {
                return .success(current.token)
            }
            if let failure = state.failure { return .failure(failure) }
            state.waiters.append(completion)
            return nil
        }
        if let ready {
            if case .success(let token) = ready { redactor.add([token]) }
            return completion(ready)
        }
        fetchIfIdle()
    }

    package func renew(after rejected: String, reason: String, completion: @escaping Completion) {
        enum Decision { case use(String), wait(first: Bool), fail(AuthError) }
        let decision = state.withLock { state -> Decision in
            if let current = state.current, current.token != rejected { return .use(current.token) }
            if let failure = state.failure { return .fail(failure) }
            let first = state.current != nil
            state.current = nil
            state.waiters.append(completion)
            return .wait(first: first)
        }
        switch decision {
        case .use(let token): completion(.success(token))
        case .fail(let failure): completion(.failure(failure))
        case .wait(let first):
            // The refused token must not be reused by the next run either.
            if first { cache.discard() }
            fetchIfIdle()
        }
    }

    private func fetchIfIdle() {
        let start = state.withLock { state -> Bool in
            guard !state.fetching, !state.waiters.isEmpty else { return false }
            state.fetching = true
            state.requests += 1
            return true
        }
        guard start else { return }
        requestGrant { [self] result in
            let waiters = state.withLock { state -> [Completion] in
                state.fetching = false
                switch result {
                case .success(let entry): state.current = entry
                case .failure(let failure): state.failure = failure
                }
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter(result.map(\.token)) }
        }
    }

    /// One request to the token endpoint for the configured flow; a rotated refresh
    /// token is saved before the new access token is used or cached.
    private func requestGrant(completion: @escaping @Sendable (Result<TokenCache.Entry, AuthError>) -> Void) {
        let now = clock()
        let form: [(String, String)]
        let idempotent: Bool
        let saveRotated: (@Sendable (String) throws(AuthError) -> Void)?
        do throws(AuthError) {
            switch auth {
            case .token(let variable):
                return completion(
                    .failure(.staticTokenRefused(variable: variable, reason: "no token endpoint for this flow")))
            case .jwt(let settings):
                let assertion = try JWTAssertion(key: JWTAssertion.loadKey(settings.privateKeyFile), settings: settings)
                    .signed(at: now)
                redactor.add([assertion])
                form = [("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion)]
                idempotent = true
                saveRotated = nil
            case .refreshToken(let settings):
                let secret =
                    environment[settings.clientSecretVariable]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                guard !secret.isEmpty else {
                    throw .missingVariable(variable: settings.clientSecretVariable, what: "the OAuth client's secret")
                }
                let refreshToken = try SecretFile.read(settings.refreshTokenFile, what: "refresh token file")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                redactor.add([refreshToken])
                form = [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", settings.clientID),
                    ("client_secret", secret),
                ]
                idempotent = false
                saveRotated = { rotated throws(AuthError) in
                    guard rotated != refreshToken else { return }
                    do {
                        try FileOperations.writeAtomically(
                            Data((rotated + "\n").utf8), to: settings.refreshTokenFile, mode: 0o600)
                    } catch {
                        throw .refreshTokenNotSaved(
                            path: settings.refreshTokenFile.path, reason: error.localizedDescription)
                    }
                }
            }
        } catch {
            return completion(.failure(error))
        }
        let hint = Self.hint(for: auth, now: now)
        endpoint.request(form, idempotent: idempotent, hint: hint) { [self] result in
            switch result {
            case .failure(let error):
                completion(.failure(error))
            case .success(let grant):
                redactor.add([grant.accessToken, grant.refreshToken ?? ""])
                do throws(AuthError) {
                    if let rotated = grant.refreshToken { try saveRotated?(rotated) }
                } catch {
                    return completion(.failure(error))
                }
                let entry = TokenCache.Entry(
                    token: grant.accessToken, expiresAt: clock().addingTimeInterval(grant.expiresIn))
                // A cache that cannot be written costs a token request next run, nothing more.
                try? cache.store(entry)
                completion(.success(entry))
            }
        }
    }

    /// What to check, from the endpoint's `error` and `error_description`.
    static func hint(for auth: AuthConfig, now: Date) -> @Sendable (String, String?) -> String? {
        { error, description -> String? in
            let text = (description ?? "").lowercased()
            return switch (error, auth) {
            case ("invalid_grant", .jwt)
            where ["expired", "exp ", "\"exp\"", "iat", "nbf", "clock", "not yet valid"].contains(where: text.contains):
                "the server judged the assertion's time wrong: check this machine's clock (it says \(ISO8601.formatUTC(now))); "
                    + "assertions are valid for \(Int(JWTAssertion.lifetime)) s"
            case ("invalid_grant", .jwt):
                "check memberId, clientKey and signingKeyId, and that this key's public half is registered with the client"
            case ("invalid_grant", .refreshToken(let settings)):
                "the refresh token is no longer valid: authorise the client again and put the new refresh token in \(settings.refreshTokenFile.path)"
            case ("invalid_client", .jwt):
                "check clientKey, and that the client may use the JWT bearer flow"
            case ("invalid_client", _):
                "check clientId and the client secret"
            default:
                nil
            }
        }
    }
}
