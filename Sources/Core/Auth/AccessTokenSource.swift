import Foundation

/// Where the API's bearer token comes from. Requests ask for the token; a request
/// the API refused for its token asks for a renewal once, naming the token it had,
/// so concurrent refusals of the same token lead to one renewal, not one each.
package protocol AccessTokenSource: Sendable {
    /// The flow's name (`jwt`, `refresh-token`, `token`), for messages.
    var flowName: String { get }
    func token(completion: @escaping @Sendable (Result<String, AuthError>) -> Void)
    func renew(
        after rejected: String, reason: String, completion: @escaping @Sendable (Result<String, AuthError>) -> Void)
}

extension AccessTokenSource {
    /// Runs `attempt` with the current token. An attempt that reports the token refused
    /// (a 401, a GraphQL token error) gets one renewal and one more try; a second refusal
    /// fails with `refusedAfterRenewal`, so nothing loops. Every authorised request of a
    /// run (the search pages, the `self` check) goes through here.
    package func authorized(
        _ attempt: @escaping @Sendable (_ token: String, _ refused: @escaping @Sendable (String) -> Void) -> Void,
        failed: @escaping @Sendable (AuthError) -> Void
    ) {
        token { result in
            switch result {
            case .failure(let error): failed(error)
            case .success(let token):
                attempt(token) { reason in
                    renew(after: token, reason: reason) { renewal in
                        switch renewal {
                        case .failure(let error): failed(error)
                        case .success(let fresh):
                            attempt(fresh) { reason in failed(.refusedAfterRenewal(reason: reason)) }
                        }
                    }
                }
            }
        }
    }
}

/// The `token` flow: a token from the environment, which the tool cannot renew.
package struct EnvironmentToken: AccessTokenSource {
    package let variable: String
    package let value: String
    package var flowName: String { "token" }

    package init(variable: String, environment: [String: String]) {
        self.variable = variable
        value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    package func token(completion: @escaping @Sendable (Result<String, AuthError>) -> Void) {
        guard !value.isEmpty else {
            return completion(.failure(.missingVariable(variable: variable, what: "a Meetup OAuth access token")))
        }
        completion(.success(value))
    }

    package func renew(
        after rejected: String, reason: String, completion: @escaping @Sendable (Result<String, AuthError>) -> Void
    ) {
        completion(.failure(.staticTokenRefused(variable: variable, reason: reason)))
    }
}
