import Foundation

/// Takes every secret the run knows out of a text before it is logged, stored or
/// rendered. Servers echo credentials back in their errors ("Invalid access token:
/// Bearer …"), so any text that came from outside passes through here first.
package final class SecretRedactor: Sendable {
    package static let mask = "[redacted]"

    /// Longest first, so a secret that contains another is masked whole.
    private let secrets = LockedBox([String]())

    package init(secrets: [String] = []) {
        add(secrets)
    }

    /// Secrets learnt during the run (an access token, a rotated refresh token, a
    /// signed assertion) join those known at the start. Secrets shorter than 4
    /// characters are not masked: they would shred ordinary text, and no real
    /// credential is that short.
    package func add(_ newSecrets: [String]) {
        let usable = newSecrets.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { $0.count >= 4 }
        guard !usable.isEmpty else { return }
        secrets.withLock { secrets in
            secrets = Set(secrets + usable).sorted { $0.count > $1.count }
        }
    }

    package func redact(_ text: String) -> String {
        var result = text
        for secret in secrets.withLock({ $0 }) where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: Self.mask)
        }
        // A bearer credential the run does not know (an old token, another client's) is masked too.
        return result.replacing(#/(?i)(bearer)\s+[A-Za-z0-9\-._~+\/]+=*/#) { match in "\(match.1) \(Self.mask)" }
    }

    /// Redacts, then keeps at most `limit` characters: cutting first could leave the
    /// head of a secret that the cut made unrecognisable.
    package func redact(_ text: String, limit: Int) -> String {
        let redacted = redact(text)
        return redacted.count > limit ? String(redacted.prefix(limit)) + "…" : redacted
    }
}
