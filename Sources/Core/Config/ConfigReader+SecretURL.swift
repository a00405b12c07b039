import Foundation

extension ConfigReader {
    /// An address the run sends a secret to (the API's endpoint and the token endpoint, which get
    /// the token and the signed assertion; a Matrix homeserver and a Mastodon instance, which get
    /// the access token): https, so the secret never crosses a network in plain text, or plain
    /// http to this machine's loopback (a test's server, a local proxy). Refused when the config
    /// is read, before any secret is read.
    /// - Parameter fallback: the address when the key is absent; nil when it is required.
    func secretURL(_ key: String, example: String, fallback: URL? = nil) throws(ConfigError) -> URL {
        let expected = "an https address (plain http only to 127.0.0.1 or localhost), e.g. \"\(example)\""
        guard let text = try string(key, required: fallback == nil, expected: expected) else {
            return fallback ?? URL(fileURLWithPath: "/")
        }
        guard let url = URL(string: text), let host = url.host, !host.isEmpty, url.user == nil,
            url.scheme?.lowercased() == "https" || (url.scheme?.lowercased() == "http" && Self.isLoopback(host))
        else {
            throw invalid(key, expected: expected, found: .string(text))
        }
        return url
    }

    /// 127.0.0.0/8, ::1 and localhost: addresses that never leave this machine.
    static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered == "::1" { return true }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
