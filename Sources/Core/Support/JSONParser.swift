import Foundation

/// A strict RFC 8259 parser straight into `JSONValue`. It replaced JSONDecoder
/// (through `Decodable`), which profiles showed spending most of a large run's
/// fetch stage trying each type in turn. It also bounds nesting depth itself.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private let maximumDepth: Int
    private let repeated: (any JSONRepeatedObjects)?

    static func parse(
        _ data: Data, maximumDepth: Int, repeated: (any JSONRepeatedObjects)? = nil
    ) throws(JSONValue.ParseError) -> JSONValue {
        // Copied in one piece: `[UInt8](data)` went through Data's per-byte iterator.
        var parser = JSONParser(
            bytes: data.withUnsafeBytes { Array($0.bindMemory(to: UInt8.self)) }, maximumDepth: maximumDepth,
            repeated: repeated)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], maximumDepth: Int, repeated: (any JSONRepeatedObjects)?) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.repeated = repeated
    }

    private func error(_ message: String) -> JSONValue.ParseError {
        JSONValue.ParseError(reason: "\(message) (at byte \(index))", message: message, offset: index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONValue.ParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("unexpected character")
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after a key")
            }
            index += 1
            skipWhitespace()
            if let repeated, key == repeated.memberName, index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                members[key] = try parseRepeated(depth: depth, in: repeated)
            } else {
                members[key] = try parseValue(depth: depth)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    /// An object read once however many documents repeat its bytes (`JSONRepeatedObjects`).
    private mutating func parseRepeated(
        depth: Int, in table: any JSONRepeatedObjects
    ) throws(JSONValue.ParseError) -> JSONValue {
        let start = index
        let found = bytes.withUnsafeBufferPointer { buffer -> (end: Int, digest: JSONObjectDigest)? in
            guard let end = Self.endOfObject(in: buffer, from: start, depth: depth + 1, maximumDepth: maximumDepth)
            else { return nil }
            return (end, Self.digest(of: buffer, start..<end))
        }
        guard let found else { return try parseValue(depth: depth) }
        if let known = table.known(found.digest) {
            index = found.end
            return known
        }
        let value = try parseValue(depth: depth)
        return index == found.end ? table.first(value, digest: found.digest) : value
    }

    private mutating func parseArray(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func parseString() throws(JSONValue.ParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, copy the bytes through.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw error("control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        // Escapes: bytes gathered into one buffer, decoded once (appending scalars one by one
        // to a string was most of parsing a realistic description, whose "\n"s are escapes).
        var output = Array(bytes[start..<index])
        func append(_ scalar: Unicode.Scalar?) {
            output.append(contentsOf: UTF8.encode(scalar ?? "\u{FFFD}") ?? UTF8.encode("\u{FFFD}")!)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            guard byte >= 0x20 else { throw error("control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                let run = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
                    bytes[index] >= 0x20
                {
                    index += 1
                }
                output.append(contentsOf: bytes[run..<index])
                continue
            }
            guard index + 1 < bytes.count else { throw error("unterminated escape") }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count,
                    bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        append("\u{FFFD}")
                        code = low
                    }
                }
                append(Unicode.Scalar(code))
            default:
                throw error("invalid escape")
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONValue.ParseError) -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("invalid number") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw error("number out of range")
        }
        return value
    }
}
