import Foundation

/// A value's encoding as bytes that only that value has: every scalar tagged with its kind and
/// every string and list with its length, a keyed container's entries in the order of their keys
/// (a dictionary's order changes from one process to the next). It is what `ContentHash.of`
/// hashes; nothing reads it back.
///
/// Hand-written beside `JSONEncoder`, which it replaced there: the keys of W2's 10,000 event
/// pages and its group, past-event and list pages are hashed from their values every night.
/// On a W2 re-run at the same moment (perf, 1,999 Hz) `JSONEncoder` was 635 of 6,029 samples;
/// this encoding of the same values is 333 of 5,551, and six offline W2 nights rendered in
/// 1.34–1.83 s with it against 1.64–2.18 s with `JSONEncoder` (BENCHMARKS.md, "The goals, today").
package enum CanonicalEncoding {
    package static func bytes(of value: some Encodable) throws -> [UInt8] {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        var out: [UInt8] = []
        out.reserveCapacity(256)
        root.write(to: &out)
        return out
    }

    /// What one container (or single value) holds, until the whole value is written out.
    final class Node {
        enum Shape: UInt8 { case empty = 0, single = 1, keyed = 2, unkeyed = 3 }
        struct Entry {
            var key: String
            /// A scalar's bytes in `scalars`, or a nested value.
            var range: Range<Int>
            var child: Node?
        }

        var shape = Shape.empty
        var scalars: [UInt8] = []
        var entries: [Entry] = []

        func scalar(_ key: String, _ write: (inout [UInt8]) -> Void) {
            let start = scalars.count
            write(&scalars)
            entries.append(Entry(key: key, range: start..<scalars.count, child: nil))
        }

        func child(_ key: String) -> Node {
            let node = Node()
            entries.append(Entry(key: key, range: 0..<0, child: node))
            return node
        }

        func write(to out: inout [UInt8]) {
            out.append(shape.rawValue)
            switch shape {
            case .empty: break
            case .single:
                if let entry = entries.last { writeValue(entry, to: &out) }
            case .unkeyed:
                Self.append(UInt64(entries.count), to: &out)
                for entry in entries { writeValue(entry, to: &out) }
            case .keyed:
                Self.append(UInt64(entries.count), to: &out)
                let order = entries.indices.sorted {
                    entries[$0].key < entries[$1].key || (entries[$0].key == entries[$1].key && $0 < $1)
                }
                for index in order {
                    Self.append(entries[index].key, to: &out)
                    writeValue(entries[index], to: &out)
                }
            }
        }

        private func writeValue(_ entry: Entry, to out: inout [UInt8]) {
            if let child = entry.child {
                child.write(to: &out)
            } else {
                out.append(contentsOf: scalars[entry.range])
            }
        }

        static func append(_ number: UInt64, to out: inout [UInt8]) {
            withUnsafeBytes(of: number.littleEndian) { out.append(contentsOf: $0) }
        }

        static func append(_ text: String, to out: inout [UInt8]) {
            var text = text
            text.withUTF8 { bytes in
                append(UInt64(bytes.count), to: &out)
                out.append(contentsOf: bytes)
            }
        }
    }

    /// Tags of the scalars, so that no two kinds of value encode alike.
    enum Tag: UInt8 { case null = 0x10, bool, string, double, float, int, uint }
}

extension CanonicalEncoding {
    /// Writes one scalar, or says it is not one (then it encodes itself into a node).
    static func writeScalar(_ value: some Encodable, to out: inout [UInt8]) -> Bool {
        switch value {
        case let text as String: write(text, to: &out)
        case let number as Int: write(Int64(number), to: &out)
        case let number as Double: write(number, to: &out)
        case let flag as Bool: write(flag, to: &out)
        case let date as Date: write(date.timeIntervalSinceReferenceDate, to: &out)
        default: return false
        }
        return true
    }

    static func writeNull(to out: inout [UInt8]) { out.append(Tag.null.rawValue) }

    static func write(_ value: Bool, to out: inout [UInt8]) {
        out.append(Tag.bool.rawValue)
        out.append(value ? 1 : 0)
    }

    static func write(_ value: String, to out: inout [UInt8]) {
        out.append(Tag.string.rawValue)
        Node.append(value, to: &out)
    }

    static func write(_ value: Double, to out: inout [UInt8]) {
        out.append(Tag.double.rawValue)
        Node.append(value.bitPattern, to: &out)
    }

    static func write(_ value: Float, to out: inout [UInt8]) {
        out.append(Tag.float.rawValue)
        Node.append(UInt64(value.bitPattern), to: &out)
    }

    static func write(_ value: Int64, to out: inout [UInt8]) {
        out.append(Tag.int.rawValue)
        Node.append(UInt64(bitPattern: value), to: &out)
    }

    static func write(_ value: UInt64, to out: inout [UInt8]) {
        out.append(Tag.uint.rawValue)
        Node.append(value, to: &out)
    }
}
