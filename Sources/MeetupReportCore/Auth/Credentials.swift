import Foundation

/// The access-token source for a configured flow: the environment's token, or tokens
/// the tool gets and renews itself. Runs and `meetup-report auth` both come here.
enum Credentials {
    /// The token source for a flow: the environment's token, or tokens the tool gets itself.
    static func source(for auth: AuthConfig, environment: [String: String], cacheDirectory: URL, transport: HTTPTransport,
                       scratchDirectory: URL, redactor: SecretRedactor, clock: @escaping @Sendable () -> Date) -> any AccessTokenSource {
        if case .token(let variable) = auth { return EnvironmentToken(variable: variable, environment: environment) }
        return IssuedTokens(auth: auth, environment: environment, cacheDirectory: cacheDirectory, transport: transport,
                            scratchDirectory: scratchDirectory, redactor: redactor, clock: clock)
    }
}
