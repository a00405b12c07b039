import Foundation

/// How a run gets the OAuth access token it sends to the API (config `source.auth`).
/// Meetup's access tokens live an hour, so a nightly job needs one of the two flows
/// that mint tokens without a person present; `token` is for a token kept fresh by
/// something else.
package enum AuthConfig: Sendable, Equatable {
    /// A bearer token read from an environment variable (the old `tokenVariable`).
    case token(variable: String)
    /// The JWT bearer flow: an RS256 assertion signed with the client's registered key.
    case jwt(JWTBearerAuth)
    /// The refresh-token flow: a long-lived refresh token, rotated when the server says so.
    case refreshToken(RefreshTokenAuth)

    package static let defaultTokenEndpoint = URL(string: "https://secure.meetup.com/oauth2/access")!

    /// The flow's name as the config spells it.
    package var flowName: String {
        switch self {
        case .token: "token"
        case .jwt: "jwt"
        case .refreshToken: "refresh-token"
        }
    }
}

package struct JWTBearerAuth: Sendable, Equatable {
    /// The OAuth client's key (the JWT's `iss`).
    package var clientKey: String
    /// The member the client acts for (the JWT's `sub`).
    package var memberID: String
    /// The id Meetup gave the registered public key (the JWT header's `kid`).
    package var signingKeyID: String
    /// The PEM private key (PKCS#1 or PKCS#8), already resolved (see `ConfigLoader`).
    package var privateKeyFile: URL
    package var tokenEndpoint: URL

    package init(
        clientKey: String, memberID: String, signingKeyID: String, privateKeyFile: URL,
        tokenEndpoint: URL = AuthConfig.defaultTokenEndpoint
    ) {
        self.clientKey = clientKey
        self.memberID = memberID
        self.signingKeyID = signingKeyID
        self.privateKeyFile = privateKeyFile
        self.tokenEndpoint = tokenEndpoint
    }
}

package struct RefreshTokenAuth: Sendable, Equatable {
    package var clientID: String
    /// The environment variable holding the client secret (never the config file).
    package var clientSecretVariable: String
    /// Holds the refresh token; rewritten (atomically, mode 0600) when the server rotates it.
    package var refreshTokenFile: URL
    package var tokenEndpoint: URL

    package init(
        clientID: String, clientSecretVariable: String, refreshTokenFile: URL,
        tokenEndpoint: URL = AuthConfig.defaultTokenEndpoint
    ) {
        self.clientID = clientID
        self.clientSecretVariable = clientSecretVariable
        self.refreshTokenFile = refreshTokenFile
        self.tokenEndpoint = tokenEndpoint
    }
}
