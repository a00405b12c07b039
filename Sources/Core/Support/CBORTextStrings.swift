/// The text strings of a CBOR document (RFC 8949), in the order they stand, wherever they stand:
/// in arrays, maps or tags alike. What it is for: the names a Pagefind index's metadata lists
/// (its `pf_meta`, CBOR from minicbor), where every name in use is one such string. No package the
/// tool may resolve reads CBOR; a walk over the items' heads is all this needs, so it is written
/// here.
///
/// An item is a head (major type and argument) and, for byte and text strings, the bytes the
/// argument counts; an array's, a map's or a tag's items follow its head, so they are met in turn.
/// A text string of indefinite length comes as its chunks.
package enum CBORTextStrings {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    package static func all(in bytes: [UInt8]) throws(Failure) -> [String] {
        var strings: [String] = []
        var index = 0
        func take(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
            guard bytes.count - index >= count else {
                throw Failure(description: "the item at byte \(index) is cut short")
            }
            defer { index += count }
            return bytes[index..<index + count]
        }
        while index < bytes.count {
            let head = bytes[index]
            index += 1
            let major = head >> 5, info = head & 0x1f
            var argument: UInt64 = 0
            switch info {
            case 0..<24: argument = UInt64(info)
            case 24...27: argument = try take(1 << (info - 24)).reduce(0) { $0 << 8 | UInt64($1) }
            // Indefinite length (strings, arrays, maps) or the break that ends one.
            case 31 where (2...5).contains(major) || major == 7: continue
            default: throw Failure(description: "byte \(index - 1) is not a CBOR head")
            }
            guard major == 2 || major == 3 else { continue }
            guard argument <= UInt64(bytes.count) else { throw Failure(description: "a string of \(argument) bytes") }
            let string = try take(Int(argument))
            if major == 3 { strings.append(String(decoding: string, as: UTF8.self)) }
        }
        return strings
    }
}
