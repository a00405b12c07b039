import _CryptoExtras
import Foundation
import MeetupConfig
import MeetupSupport

/// The signed JWT of the OAuth JWT bearer flow (RFC 7523), as Meetup asks for it:
/// RS256 with the registered key, `kid` naming it, `iss` the client key, `sub` the
/// member, `aud` "api.meetup.com", and a short `exp`.
struct JWTAssertion {
    static let audience = "api.meetup.com"
    /// Long enough for one request to the token endpoint; short, so a leaked assertion is soon useless.
    static let lifetime: TimeInterval = 120

    let key: _RSA.Signing.PrivateKey
    let settings: JWTBearerAuth

    /// Loads the key, refusing a file others can read or a key that is not RSA PEM.
    static func loadKey(_ file: URL) throws(AuthError) -> _RSA.Signing.PrivateKey {
        let pem = try SecretFile.read(file, what: "private key")
        do {
            return try _RSA.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw .keyMalformed(path: file.path, reason: String(describing: error))
        }
    }

    func signed(at now: Date) throws(AuthError) -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        let header: JSONValue = .object([
            "alg": .string("RS256"), "typ": .string("JWT"), "kid": .string(settings.signingKeyID),
        ])
        let claims: JSONValue = .object([
            "iss": .string(settings.clientKey), "sub": .string(settings.memberID), "aud": .string(Self.audience),
            "iat": .number(Double(issuedAt)), "exp": .number(Double(issuedAt + Int(Self.lifetime))),
        ])
        let signingInput =
            Self.base64URL(Data(header.compactJSON.utf8)) + "." + Self.base64URL(Data(claims.compactJSON.utf8))
        do {
            let signature = try key.signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
            return signingInput + "." + Self.base64URL(signature.rawRepresentation)
        } catch {
            throw .keyMalformed(path: settings.privateKeyFile.path, reason: "signing failed: \(error)")
        }
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
