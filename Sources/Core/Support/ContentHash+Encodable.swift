import Foundation

extension ContentHash {
    /// The hash of a value's whole encoding (JSON, sorted keys): the key of an output rendered
    /// from that value alone, so a field added to it is part of the key without anyone listing
    /// it there. A value that cannot be encoded gets a key no other night has: what is rendered
    /// from it is made again, never reused.
    package static func of(_ value: some Encodable, kind: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return Builder(kind, UUID().uuidString).hex() }
        return Builder(kind, String(decoding: data, as: UTF8.self)).hex()
    }
}
