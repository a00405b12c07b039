import Foundation

/// Why the run has no access token. Each message says what to check; none ever
/// contains a secret (the token endpoint's own text goes through the redactor).
package enum AuthError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingVariable(variable: String, what: String)
    case fileUnreadable(path: String, what: String, reason: String)
    /// Readable by group or others: refused, as ssh refuses such a key.
    case fileTooOpen(path: String, what: String, mode: Int)
    case keyMalformed(path: String, reason: String)
    case refreshTokenNotSaved(path: String, reason: String)
    case endpointUnreachable(endpoint: String, reason: String)
    /// The token endpoint said no (`invalid_grant`, `invalid_client`, …).
    case rejected(endpoint: String, error: String, description: String?, hint: String?)
    case unexpectedAnswer(endpoint: String, reason: String)
    /// The API refused a token the token endpoint had just issued.
    case refusedAfterRenewal(reason: String)
    /// `token` flow: the API refused the token from the environment, which cannot be renewed.
    case staticTokenRefused(variable: String, reason: String)

    package var description: String {
        switch self {
        case .missingVariable(let variable, let what):
            "the environment variable \(variable) is not set or empty; it must hold \(what)"
        case .fileUnreadable(let path, let what, let reason):
            "cannot read the \(what) \(path): \(reason)"
        case .fileTooOpen(let path, let what, let mode):
            "the \(what) \(path) is readable by other users (mode \(String(mode, radix: 8))); refusing to use it: run chmod 600 \(path)"
        case .keyMalformed(let path, let reason):
            "the private key \(path) is not a usable RSA key in PEM form (PKCS#1 or PKCS#8, at least 2048 bits): \(reason)"
        case .refreshTokenNotSaved(let path, let reason):
            "the token endpoint rotated the refresh token, but it cannot be saved to \(path) (\(reason)); "
                + "the access token was not used. Fix the file's folder permissions; if the old token no longer works, "
                + "authorise the client again"
        case .endpointUnreachable(let endpoint, let reason):
            "cannot reach the token endpoint \(endpoint): \(reason)"
        case .rejected(let endpoint, let error, let description, let hint):
            "the token endpoint \(endpoint) refused: \(error)" + (description.map { " (\"\($0)\")" } ?? "")
                + (hint.map { "; \($0)" } ?? "")
        case .unexpectedAnswer(let endpoint, let reason):
            "unexpected answer from the token endpoint \(endpoint): \(reason)"
        case .refusedAfterRenewal(let reason):
            "the API refused a freshly renewed access token too (\(reason)); check that the member has access to the API"
        case .staticTokenRefused(let variable, let reason):
            "the API refused the token in \(variable) (\(reason)); Meetup tokens expire after an hour: "
                + "let the tool get its own (source.auth of type \"jwt\" or \"refresh-token\"; docs/authentication.md)"
        }
    }
}
