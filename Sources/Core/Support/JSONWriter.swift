import Foundation

/// Serialises a `JSONValue` with sorted keys and two-space indentation, so output
/// files are deterministic and diff well. Written for `events.json`: JSONEncoder
/// took 0.6 s for a 10,000-event site, this takes a small fraction of that.
extension JSONValue {
    package func serialized() -> String {
        var output = ""
        write(into: &output, indent: 0)
        return output + "\n"
    }

    /// On one line without spaces, keys sorted: for JWT parts and request bodies.
    package var compactJSON: String {
        var output = ""
        write(into: &output, indent: nil)
        return output
    }

    /// `indent` nil writes compactly.
    private func write(into output: inout String, indent: Int?) {
        let newline = indent == nil ? "" : "\n"
        let inner = indent.map { $0 + 2 }
        let pad = { (level: Int?) in String(repeating: " ", count: level ?? 0) }
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 {
                output += String(Int(number))
            } else {
                output += "\(number)"
            }
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[" + newline
            for (index, item) in items.enumerated() {
                output += pad(inner)
                item.write(into: &output, indent: inner)
                output += (index < items.count - 1 ? "," : "") + newline
            }
            output += pad(indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{" + newline
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                output += pad(inner)
                Self.writeString(key, into: &output)
                output += indent == nil ? ":" : ": "
                members[key]?.write(into: &output, indent: inner)
                output += (index < keys.count - 1 ? "," : "") + newline
            }
            output += pad(indent) + "}"
        }
    }

    /// Runs of bytes that need no escaping are appended whole: per-scalar appends made
    /// string writing most of the cost of events.json and of the cache's event files (BENCHMARKS.md). Escapes: quote, backslash, control characters, U+2028 and U+2029.
    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            func flush(to end: Int) {
                if end > runStart {
                    output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
                }
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
                output += escape
                index += length
                runStart = index
            }
            flush(to: bytes.count)
        }
        output += "\""
    }
}
