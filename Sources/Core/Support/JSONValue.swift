import Foundation

/// A parsed JSON document that keeps the distinction between numbers, booleans
/// and strings, so config validation and tolerant API mapping can say exactly
/// what they found instead of guessing through `Any` casts.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Deeper documents are refused before decoding: no real config or API answer
    /// nests this far, and a hostile one could exhaust the stack.
    package static let maximumDepth = 100

    /// Parses UTF-8 JSON. Throws `JSONValue.ParseError` with the decoder's reason.
    /// Invalid UTF-8 sequences are replaced with U+FFFD rather than failing the whole
    /// document: one bad byte in one event's description should not lose the query.
    /// With `repeated`, objects that recur byte for byte are read once (`JSONRepeatedObjects`).
    package static func parse(
        _ data: Data, repeated: (any JSONRepeatedObjects)? = nil
    ) throws(ParseError) -> JSONValue {
        var data = data
        if !isValidUTF8(data) {
            data = Data(String(decoding: data, as: UTF8.self).utf8)
        }
        return try JSONParser.parse(data, maximumDepth: maximumDepth, repeated: repeated)
    }

    package struct ParseError: Error, Sendable, CustomStringConvertible {
        package let reason: String
        /// What is wrong, without where (`reason` says "… (at byte N)").
        package var message: String = ""
        /// Where in the input, in bytes from its start; nil when not at one place.
        package var offset: Int?
        package var description: String { reason }

        package init(reason: String, message: String? = nil, offset: Int? = nil) {
            self.reason = reason
            self.message = message ?? reason
            self.offset = offset
        }

        /// "… at line 12, column 5: `    "title" "x"`": where a person finds it in `data` (the input).
        package func located(in data: Data) -> String {
            guard let offset else { return reason }
            let bytes = [UInt8](data.prefix(offset))
            let line = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let lineStart = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
            let column = String(decoding: bytes[lineStart...], as: UTF8.self).count + 1
            let rest = data[data.startIndex.advanced(by: lineStart)...].prefix { $0 != 0x0A && $0 != 0x0D }
            let text = TextCleaning.truncated(
                TextCleaning.singleLine(String(decoding: rest, as: UTF8.self)), maxLength: 80)
            return "\(message) at line \(line), column \(column)" + (text.isEmpty ? "" : ": `\(text)`")
        }
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var doubleValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// An integral number, or a string holding one (APIs serialise ids and counts both ways).
    package var intValue: Int? {
        switch self {
        case .number(let number) where number.rounded() == number && abs(number) < 9.0e15:
            return Int(number)
        case .string(let text):
            return Int(text)
        default:
            return nil
        }
    }

    package var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    package var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A short name of the kind of value, for error messages ("a string", "an object").
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The standard library's validation over the contiguous bytes: the per-byte iterator it
/// replaces took 7 % of a warm W2 night (docs/bench-log.md).
private func isValidUTF8(_ data: Data) -> Bool {
    data.withUnsafeBytes { raw in String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self) != nil }
}
