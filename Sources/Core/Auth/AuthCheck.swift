import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupConfig
import MeetupNetwork
import MeetupSupport

/// What `meetup-report auth` found out.
package struct AuthReport: Sendable {
    package var memberID: String
    package var memberName: String
    package var flow: String
    /// "reused from the cache", "new from <endpoint>" or "from $VARIABLE".
    package var tokenOrigin: String
    package var expiresAt: Date?
}

/// `meetup-report auth`: gets (or reuses) a token the way a run would, and asks the
/// API who it belongs to (`query { self { id name } }`), so a cron user learns at set-up
/// time, not at 3 a.m., whether the credentials work.
///
/// It holds the cache's run lock while it works (a run and `auth` renewing a rotating
/// refresh token at once would spend each other's token), and it reads the flow's
/// secret files even when a cached token makes them unnecessary today: a key left
/// readable by others must be heard of now, not when the token expires.
package enum AuthCheck {
    package static let selfQuery = "query { self { id name } }"

    /// - Parameter onWait: told once when a run holds the cache's lock and `auth` waits for it
    ///   (at most `maxWait`); by default a line on standard error.
    package static func run(
        config: ReportConfig, environment: [String: String],
        clock: @escaping @Sendable () -> Date = { Date() }, maxWait: Duration = RunLock.defaultWait,
        onWait: @escaping @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data("meetup-report auth: \(message)\n".utf8))
        }
    ) -> Result<AuthReport, AuthCheckError> {
        guard case .meetupAPI = config.source else {
            return .failure(
                AuthCheckError(message: "the config's source is a snapshot: there is nothing to authenticate"))
        }
        let access: APIAccess
        switch APIAccess.open(
            config: config, environment: environment, holder: .auth, clock: clock, maxWait: maxWait, onWait: onWait)
        {
        case .success(let opened): access = opened
        case .failure(let error): return .failure(error)
        }
        defer { withExtendedLifetime(access) {} }
        let (endpoint, auth, credentials) = (access.endpoint, access.auth, access.credentials)
        do throws(AuthError) {
            try checkSecretFiles(auth)
        } catch {
            return .failure(AuthCheckError(message: error.description))
        }
        let issued = credentials as? IssuedTokens
        let hadCached = issued?.cachedEntry != nil

        let answer = LockedBox<Result<(String, String), AuthCheckError>?>(nil)
        let done = DispatchGroup()
        done.enter()
        ask(
            endpoint, credentials: credentials, transport: access.transport, scratch: access.scratch,
            redactor: access.redactor
        ) { result in
            answer.withLock { $0 = result }
            done.leave()
        }
        done.wait()
        guard let result = answer.withLock({ $0 }) else { return .failure(AuthCheckError(message: "no answer")) }
        return result.map { id, name in
            let origin: String
            switch auth {
            case .token(let variable): origin = "from $\(variable)"
            case .jwt(let settings):
                origin =
                    hadCached && issued?.tokenRequests == 0
                    ? "reused from the cache" : "new from \(settings.tokenEndpoint.absoluteString)"
            case .refreshToken(let settings):
                origin =
                    hadCached && issued?.tokenRequests == 0
                    ? "reused from the cache" : "new from \(settings.tokenEndpoint.absoluteString)"
            }
            return AuthReport(
                memberID: id, memberName: name, flow: auth.flowName, tokenOrigin: origin,
                expiresAt: issued?.cachedEntry?.expiresAt)
        }
    }

    /// The flow's secret files: readable, private, and (a key) usable.
    private static func checkSecretFiles(_ auth: AuthConfig) throws(AuthError) {
        switch auth {
        case .token: break
        case .jwt(let settings): _ = try JWTAssertion.loadKey(settings.privateKeyFile)
        case .refreshToken(let settings): _ = try SecretFile.read(settings.refreshTokenFile, what: "refresh token file")
        }
    }

    private static func ask(
        _ endpoint: URL, credentials: any AccessTokenSource, transport: HTTPTransport, scratch: URL,
        redactor: SecretRedactor,
        completion: @escaping @Sendable (Result<(String, String), AuthCheckError>) -> Void
    ) {
        let fail: @Sendable (String) -> Void = { completion(.failure(AuthCheckError(message: redactor.redact($0)))) }
        credentials.authorized(
            { token, refused in
                var request = URLRequest(url: endpoint)
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                request.httpBody = Data(JSONValue.object(["query": .string(selfQuery)]).compactJSON.utf8)
                transport.download(request, maxBytes: 1 << 20, into: scratch) { result in
                    switch result {
                    case .failure(.status(401)): refused("HTTP 401")
                    case .failure(let failure): fail("the API at \(endpoint.absoluteString) did not answer: \(failure)")
                    case .success(let download):
                        let body = download.file.flatMap { try? Data(contentsOf: $0) } ?? Data()
                        if let file = download.file { try? FileManager.default.removeItem(at: file) }
                        let document = try? JSONValue.parse(body)
                        if let document, TokenRefusal.refuses(document) { return refused("the API refused the token") }
                        guard let me = document?["data"]?["self"],
                            let id = me["id"]?.stringValue ?? me["id"]?.intValue.map(String.init)
                        else {
                            let errors = document?["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue }
                                .joined(separator: "; ")
                            return fail(
                                "the API did not say who the token belongs to" + (errors.map { ": \($0)" } ?? ""))
                        }
                        completion(.success((id, me["name"]?.stringValue ?? "(no name)")))
                    }
                }
            }, failed: { fail($0.description) })
    }
}

package struct AuthCheckError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
