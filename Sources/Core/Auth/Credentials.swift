import Foundation
import MeetupConfig
import MeetupNetwork
import MeetupSupport

/// The access-token source for a configured flow: the environment's token, or tokens
/// the tool gets and renews itself. Runs and `meetup-report auth` both come here.
package enum Credentials {
    /// The token source for a flow: the environment's token, or tokens the tool gets itself.
    package static func source(
        for auth: AuthConfig, environment: [String: String], cacheDirectory: URL, transport: HTTPTransport,
        scratchDirectory: URL, redactor: SecretRedactor, clock: @escaping @Sendable () -> Date
    ) -> any AccessTokenSource {
        if case .token(let variable) = auth { return EnvironmentToken(variable: variable, environment: environment) }
        return IssuedTokens(
            auth: auth, environment: environment, cacheDirectory: cacheDirectory, transport: transport,
            scratchDirectory: scratchDirectory, redactor: redactor, clock: clock)
    }
}
