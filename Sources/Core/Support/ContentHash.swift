import Crypto

/// Hex SHA-256 of a text: how untrusted URLs become cache and thumbnail file names.
/// The hash is swift-crypto's (BoringSSL), which the OAuth signing brings in anyway.
public enum ContentHash {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func sha256Hex(_ text: String) -> String {
        let digest = SHA256.hash(data: Array(text.utf8))
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
