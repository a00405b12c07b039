import Foundation
import MeetupSupport

/// Whether a GraphQL answer says the access token is invalid or expired, so the
/// request is worth one renewal (HTTP 401 says the same without a body).
package enum TokenRefusal {
    /// `extensions.code` values that mean "renew the token and ask again" (Apollo's and
    /// common OAuth spellings; Meetup documents none, so the list errs on the side of a
    /// renewal, which costs one token request).
    static let codes: Set<String> = [
        "UNAUTHENTICATED", "INVALID_TOKEN", "INVALID_ACCESS_TOKEN", "TOKEN_EXPIRED", "EXPIRED_TOKEN",
        "AUTH_TOKEN_EXPIRED",
        "INVALID_AUTH_TOKEN",
    ]

    /// True when a GraphQL answer's errors say the access token is invalid or expired.
    package static func refuses(_ document: JSONValue) -> Bool {
        let found =
            document["errors"]?.arrayValue?.compactMap { $0["extensions"]?["code"]?.stringValue?.uppercased() } ?? []
        return found.contains(where: Self.codes.contains)
    }
}
