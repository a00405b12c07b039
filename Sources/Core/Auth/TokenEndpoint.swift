import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupNetwork
import MeetupSupport

/// What the token endpoint granted.
struct TokenGrant: Sendable, Equatable {
    var accessToken: String
    var expiresIn: TimeInterval
    /// A new refresh token, when the server rotates them.
    var refreshToken: String?
}

/// One OAuth token request (`POST`, form-encoded) and the reading of its answer:
/// the grant, or the server's `error` and `error_description` with a hint.
struct TokenEndpoint: Sendable {
    let url: URL
    let transport: HTTPTransport
    let scratchDirectory: URL
    let redactor: SecretRedactor

    /// - Parameter idempotent: false for a refresh-token grant, which a server may answer
    ///   by rotating the token: a blind retry could spend a token whose successor was lost.
    func request(
        _ form: [(String, String)], idempotent: Bool, hint: @escaping @Sendable (String, String?) -> String?,
        completion: @escaping @Sendable (Result<TokenGrant, AuthError>) -> Void
    ) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(Self.formEncoded(form).utf8)
        let endpoint = url.absoluteString
        transport.download(
            request, maxBytes: 64 << 10, into: scratchDirectory, idempotent: idempotent, errorBodies: true
        ) { result in
            switch result {
            case .failure(let failure):
                completion(
                    .failure(.endpointUnreachable(endpoint: endpoint, reason: redactor.redact(failure.description))))
            case .success(let download):
                let body = download.file.flatMap { try? Data(contentsOf: $0) } ?? Data()
                if let file = download.file { try? FileManager.default.removeItem(at: file) }
                completion(
                    Self.read(status: download.status, body: body, endpoint: endpoint, redactor: redactor, hint: hint))
            }
        }
    }

    static func read(
        status: Int, body: Data, endpoint: String, redactor: SecretRedactor,
        hint: (String, String?) -> String?
    ) -> Result<TokenGrant, AuthError> {
        let document = try? JSONValue.parse(body)
        if let error = document?["error"]?.stringValue {
            let description = document?["error_description"]?.stringValue.map { redactor.redact($0, limit: 300) }
            return .failure(
                .rejected(
                    endpoint: endpoint, error: redactor.redact(error, limit: 80),
                    description: description, hint: hint(error, description)))
        }
        guard (200..<300).contains(status) else {
            return .failure(.unexpectedAnswer(endpoint: endpoint, reason: "HTTP \(status) without an OAuth error"))
        }
        guard let token = document?["access_token"]?.stringValue, !token.isEmpty else {
            return .failure(
                .unexpectedAnswer(
                    endpoint: endpoint, reason: document == nil ? "not JSON" : "no access_token in the answer"))
        }
        let lifetime = document?["expires_in"]?.doubleValue ?? 3600
        let refresh = document?["refresh_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return .success(TokenGrant(accessToken: token, expiresIn: max(0, lifetime), refreshToken: refresh))
    }

    /// `application/x-www-form-urlencoded`, with every reserved character escaped.
    static func formEncoded(_ form: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return form.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
    }
}
