import Foundation

/// Refuses URLs that point into the machine or its private network. Photo URLs come
/// from the API, so a hostile event could otherwise make the nightly job fetch
/// `http://127.0.0.1:8080/admin` or a cloud metadata address (server-side request forgery).
/// Enforced when the API itself is public; a source on loopback (tests, a local mirror) disables it.
package struct AddressPolicy: Sendable {
    package let allowsPrivateAddresses: Bool
    /// Hosts accepted even when private (the API's own host, named by the user's config).
    package let trustedHosts: Set<String>

    package init(allowsPrivateAddresses: Bool, trustedHosts: Set<String> = []) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.trustedHosts = Set(trustedHosts.map { $0.lowercased() })
    }

    /// The policy for a run whose API lives at `endpoint`.
    package static func forSource(endpoint: URL?) -> AddressPolicy {
        guard let host = endpoint?.host else { return AddressPolicy(allowsPrivateAddresses: true) }
        return AddressPolicy(
            allowsPrivateAddresses: isPrivate(host: host) || resolve(host).contains(where: isPrivate(address:)))
    }

    /// Nil when the URL may be fetched, else why not.
    package func refusal(for url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "only http(s) URLs are fetched, not \(url.scheme ?? "a relative URL")"
        }
        guard let host = url.host, !host.isEmpty else { return "the URL has no host" }
        guard !allowsPrivateAddresses, !trustedHosts.contains(host.lowercased()) else { return nil }
        if Self.isPrivate(host: host) { return "\(host) is a loopback or private address" }
        if let address = Self.resolve(host).first(where: Self.isPrivate(address:)) {
            return "\(host) resolves to the private address \(address)"
        }
        return nil
    }

    static func isPrivate(host: String) -> Bool {
        let lowered = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered.hasSuffix(".local") { return true }
        return isPrivate(address: lowered)
    }

    /// Loopback, private, link-local, carrier-grade NAT, unspecified and multicast ranges.
    static func isPrivate(address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            let value = UInt32(bigEndian: v4.s_addr)
            let first = value >> 24, second = (value >> 16) & 0xFF
            return first == 0 || first == 10 || first == 127 || first >= 224
                || (first == 172 && (16...31).contains(second)) || (first == 192 && second == 168)
                || (first == 169 && second == 254) || (first == 100 && (64...127).contains(second))
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            let bytes = withUnsafeBytes(of: v6) { Array($0) }
            if bytes.allSatisfy({ $0 == 0 }) || (bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1) { return true }
            if bytes[0] & 0xFE == 0xFC || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80) || bytes[0] == 0xFF {
                return true
            }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return isPrivate(address: bytes[12...].map(String.init).joined(separator: "."))
            }
            return false
        }
        return false
    }

    /// The host's addresses, as text. Empty when it does not resolve (the request then fails on its own).
    static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &results) == 0, let first = results else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(
                entry.pointee.ai_addr, entry.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0,
                NI_NUMERICHOST) == 0
            {
                addresses.append(
                    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            cursor = entry.pointee.ai_next
        }
        return addresses
    }
}
