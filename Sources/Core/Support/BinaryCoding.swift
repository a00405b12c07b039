import Foundation

/// Little-endian integers and length-prefixed texts, for the cache's binary files
/// (`EventArtefactStore`): flat, versioned by a magic line, read without
/// building a tree first.
package struct BinaryWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func integer(_ value: Int, size: Int) {
        for index in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    package mutating func raw(_ part: some Sequence<UInt8>) {
        bytes.append(contentsOf: part)
    }

    /// Its length (4 bytes), then its UTF-8.
    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            integer(utf8.count, size: 4)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A presence byte, then the text.
    package mutating func optional(_ text: String?) {
        bytes.append(text == nil ? 0 : 1)
        if let text { string(text) }
    }

    package mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// The number's bits, exactly: what is read back is the same `Double`.
    package mutating func double(_ value: Double) {
        integer(Int(truncatingIfNeeded: value.bitPattern), size: 8)
    }

    package mutating func optional(_ value: Double?) {
        bytes.append(value == nil ? 0 : 1)
        if let value { double(value) }
    }

    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }
}

/// What `BinaryWriter` wrote, read back; every read is nil past the end or on a bad value,
/// so a damaged file reads as unusable, never as something else.
package struct BinaryReader {
    let bytes: ArraySlice<UInt8>
    package private(set) var offset: Int

    package init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    package var atEnd: Bool { offset >= bytes.endIndex }

    package mutating func integer(_ size: Int) -> Int? {
        guard let value = bits(size), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }

    /// Eight bytes as a signed number (what `integer(_:size: 8)` wrote of a negative one).
    package mutating func signed() -> Int? {
        bits(8).map { Int(Int64(bitPattern: $0)) }
    }

    package mutating func raw(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.endIndex - offset >= count else { return nil }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    package mutating func string() -> String? {
        guard let length = integer(4), let utf8 = raw(length) else { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// `.some(nil)` for an absent text, nil for a damaged one.
    package mutating func optionalString() -> String?? {
        switch presence() {
        case false?: .some(nil)
        case true?: string().map { .some($0) }
        case nil: nil
        }
    }

    package mutating func bool() -> Bool? { presence() }

    package mutating func double() -> Double? {
        bits(8).map(Double.init(bitPattern:))
    }

    package mutating func optionalDouble() -> Double?? {
        switch presence() {
        case false?: .some(nil)
        case true?: double().map { .some($0) }
        case nil: nil
        }
    }

    private mutating func presence() -> Bool? {
        guard let byte = raw(1)?.first, byte <= 1 else { return nil }
        return byte == 1
    }

    private mutating func bits(_ size: Int) -> UInt64? {
        guard size <= 8, let part = raw(size) else { return nil }
        var value: UInt64 = 0
        for (index, byte) in part.enumerated() { value |= UInt64(byte) << (8 * UInt64(index)) }
        return value
    }
}
