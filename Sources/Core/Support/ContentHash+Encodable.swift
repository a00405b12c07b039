import Foundation

extension ContentHash {
    /// The hash of a value's whole encoding (`CanonicalEncoding`: every field, dictionaries in
    /// the order of their keys): the key of an output rendered from that value alone, so a field
    /// added to it is part of the key without anyone listing it. A value that cannot be encoded
    /// gets a key no other night has: what is rendered from it is made again, never reused.
    package static func of(_ value: some Encodable, kind: String) -> String {
        guard let bytes = try? CanonicalEncoding.bytes(of: value) else { return Builder(kind, UUID().uuidString).hex() }
        var builder = Builder(kind)
        builder.add(bytes: bytes)
        return builder.hex()
    }
}
