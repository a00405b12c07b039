import Foundation

/// Serialises a `JSONValue` with sorted keys and two-space indentation, so output
/// files are deterministic and diff well. Written for `events.json`: JSONEncoder
/// took 0.6 s for a 10,000-event site, this takes a small fraction of that.
/// Gathered as UTF-8 bytes: appended to a String piece by piece (an indent String made per
/// member), serialising was 0.48 s of a W2 snapshot night's CPU under `perf` (the render
/// memo's manifest, events.json, archive.json, the last good events).
extension JSONValue {
    package func serialized() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        write(into: &output, indent: 0)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    /// Written as it would be at `indent` inside a document (its first line not padded), without
    /// a final newline: an item to hand to `serializedData(adding:rawItems:)` at that level.
    package func serialized(indent: Int) -> String {
        var output: [UInt8] = []
        write(into: &output, indent: indent)
        return String(decoding: output, as: UTF8.self)
    }

    /// On one line without spaces, keys sorted: for JWT parts and request bodies.
    package var compactJSON: String {
        var output: [UInt8] = []
        write(into: &output, indent: nil)
        return String(decoding: output, as: UTF8.self)
    }

    /// `self`, an object, with one more member: an array whose items are made and written one
    /// at a time, so that only the bytes are ever whole. Built as one tree first, the 10,000
    /// events of W2's `events.json` held 24 MB of values beside their 13 MB of text, and the
    /// text was copied twice more (String, then Data) at the render's memory peak (heaptrack).
    package func serializedData(adding key: String, items: some Sequence<JSONValue>) -> Data {
        serializedData(adding: key) { output, indent in Self.writeArray(items, into: &output, indent: indent) }
    }

    /// The same with items already written (`serialized(indent:)` at this array's items' level,
    /// 4), copied as they are: an item kept from an earlier night is not made again.
    package func serializedData(adding key: String, rawItems: some Sequence<[UInt8]>) -> Data {
        serializedData(adding: key) { output, indent in
            Self.writeArray(rawItems, into: &output, indent: indent) { item, output, _ in
                output.append(contentsOf: item)
            }
        }
    }

    /// The same with an object as the member, its members made and written one at a time, in
    /// the order given (sorted, for a file that diffs well).
    package func serializedData(adding key: String, members: some Sequence<(String, JSONValue)>) -> Data {
        serializedData(adding: key) { output, indent in
            Self.writeObject(members, into: &output, indent: indent, name: \.0) { member, output, inner in
                member.1.write(into: &output, indent: inner)
            }
        }
    }

    /// The same as `serializedData(adding:items:)`, handed to `sink` in runs of about 1 MB as it
    /// is written (a whole `events.json` never in memory: the file goes straight to disk).
    package func write(adding key: String, items: some Sequence<JSONValue>, to sink: (inout [UInt8]) -> Void) {
        var output = write(adding: key) { output, indent in
            Self.writeArray(items, into: &output, indent: indent) { if $0.count >= 1 << 20 { sink(&$0) } }
        }
        sink(&output)
    }

    /// The same with items already written, as in `serializedData(adding:rawItems:)`.
    package func write(adding key: String, rawItems: some Sequence<[UInt8]>, to sink: (inout [UInt8]) -> Void) {
        var output = write(adding: key) { output, indent in
            Self.writeArray(
                rawItems, into: &output, indent: indent, item: { item, output, _ in output.append(contentsOf: item) }
            ) { if $0.count >= 1 << 20 { sink(&$0) } }
        }
        sink(&output)
    }

    private func serializedData(adding key: String, value: (inout [UInt8], Int?) -> Void) -> Data {
        Data(write(adding: key, value: value))
    }

    private func write(adding key: String, value: (inout [UInt8], Int?) -> Void) -> [UInt8] {
        guard case .object(let members) = self else { return Array(serialized().utf8) }
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        let keys = Set(members.keys).union([key]).sorted()
        Self.writeObject(keys, into: &output, indent: 0, name: { $0 }) { name, output, inner in
            if name == key {
                value(&output, inner)
            } else {
                members[name]?.write(into: &output, indent: inner)
            }
        }
        output.append(0x0A)
        return output
    }

    /// `indent` nil writes compactly.
    private func write(into output: inout [UInt8], indent: Int?) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 {
                output.append(contentsOf: String(Int(number)).utf8)
            } else {
                output.append(contentsOf: "\(number)".utf8)
            }
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let items): Self.writeArray(items, into: &output, indent: indent)
        case .object(let members):
            Self.writeObject(members.keys.sorted(), into: &output, indent: indent, name: { $0 }) { key, output, inner in
                members[key]?.write(into: &output, indent: inner)
            }
        }
    }

    /// `afterItem` may take what is written so far out of `output` (a sink).
    private static func writeArray(
        _ items: some Sequence<JSONValue>, into output: inout [UInt8], indent: Int?,
        afterItem: (inout [UInt8]) -> Void = { _ in }
    ) {
        writeArray(
            items, into: &output, indent: indent, item: { $0.write(into: &$1, indent: $2) }, afterItem: afterItem)
    }

    /// Each item written by `item`, at the level it is given.
    static func writeArray<Items: Sequence>(
        _ items: Items, into output: inout [UInt8], indent: Int?,
        item write: (Items.Element, inout [UInt8], Int?) -> Void, afterItem: (inout [UInt8]) -> Void = { _ in }
    ) {
        var iterator = items.makeIterator()
        guard var item = iterator.next() else { return output.append(contentsOf: "[]".utf8) }
        let inner = indent.map { $0 + 2 }
        output.append(UInt8(ascii: "["))
        newline(&output, indent)
        while true {
            pad(&output, inner)
            write(item, &output, inner)
            guard let next = iterator.next() else { break }
            output.append(UInt8(ascii: ","))
            newline(&output, indent)
            afterItem(&output)
            item = next
        }
        newline(&output, indent)
        pad(&output, indent)
        output.append(UInt8(ascii: "]"))
    }

    /// An object's members in the order given, each value written by `value`; a sequence is
    /// walked once, so its members can be made as they are written.
    private static func writeObject<Members: Sequence>(
        _ members: Members, into output: inout [UInt8], indent: Int?, name: (Members.Element) -> String,
        value: (Members.Element, inout [UInt8], Int?) -> Void
    ) {
        var iterator = members.makeIterator()
        guard var member = iterator.next() else { return output.append(contentsOf: "{}".utf8) }
        let inner = indent.map { $0 + 2 }
        output.append(UInt8(ascii: "{"))
        newline(&output, indent)
        while true {
            pad(&output, inner)
            writeString(name(member), into: &output)
            output.append(UInt8(ascii: ":"))
            if indent != nil { output.append(0x20) }
            value(member, &output, inner)
            guard let next = iterator.next() else { break }
            output.append(UInt8(ascii: ","))
            newline(&output, indent)
            member = next
        }
        newline(&output, indent)
        pad(&output, indent)
        output.append(UInt8(ascii: "}"))
    }

    static func newline(_ output: inout [UInt8], _ indent: Int?) {
        if indent != nil { output.append(0x0A) }
    }

    static func pad(_ output: inout [UInt8], _ level: Int?) {
        output.append(contentsOf: repeatElement(0x20, count: level ?? 0))
    }

    /// Runs of bytes that need no escaping are appended whole. Escapes: quote, backslash,
    /// control characters, U+2028 and U+2029.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            func flush(to end: Int) {
                if end > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                let escape: String
                var length = 1
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<0x20: escape = "\\u00" + String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                default:
                    index += 1
                    continue
                }
                flush(to: index)
                output.append(contentsOf: escape.utf8)
                index += length
                runStart = index
            }
            flush(to: bytes.count)
        }
        output.append(0x22)
    }
}
