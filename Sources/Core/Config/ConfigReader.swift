import Foundation
import MeetupSupport

/// Walks a JSON document while keeping the key path of where it is, so every
/// rejection can say `queries[2].lat: expected a number from -90 to 90, found "abc"`.
struct ConfigReader {
    let file: String
    let path: String
    private let members: [String: JSONValue]
    /// The object's declarations (`ConfigSchema`): its keys, and its numbers' ranges.
    private let object: ConfigObject?

    /// Reads `value` as the declared object, rejecting any key it does not declare.
    init(file: String, path: String, value: JSONValue, object: ConfigObject) throws(ConfigError) {
        try self.init(file: file, path: path, value: value, allowed: object.keys, object: object)
    }

    /// Reads `value` as an object, rejecting any key not in `allowed` (a narrower reading of a
    /// declared object: one `type` of `source` allows only its own keys).
    init(file: String, path: String, value: JSONValue, allowed: Set<String>, object: ConfigObject? = nil)
        throws(ConfigError)
    {
        self.file = file
        self.path = path
        self.object = object
        guard case .object(let members) = value else {
            throw .invalidValue(
                file: file, keyPath: path.isEmpty ? "(top level)" : path,
                expected: "an object", found: Self.describe(value))
        }
        for key in members.keys.sorted() where !allowed.contains(key) {
            throw .unknownKey(file: file, keyPath: Self.join(path, key), allowed: Array(allowed))
        }
        self.members = members
    }

    /// A number in the range its declaration gives; nil when absent and not required.
    func number(_ key: String) throws(ConfigError) -> Double? {
        guard case .number(let range, let exclusive)? = object?.field(key)?.type else { throw undeclared(key) }
        return try number(key, in: range, required: object?.field(key)?.required ?? false, allowLowerBound: !exclusive)
    }

    /// A required number in the range its declaration gives.
    func requiredNumber(_ key: String) throws(ConfigError) -> Double {
        guard case .number(let range, _)? = object?.field(key)?.type else { throw undeclared(key) }
        return try requiredNumber(key, in: range)
    }

    /// A whole number in the range its declaration gives; nil when absent and not required.
    func integer(_ key: String) throws(ConfigError) -> Int? {
        guard case .integer(let range)? = object?.field(key)?.type else { throw undeclared(key) }
        return try integer(key, in: range, required: object?.field(key)?.required ?? false)
    }

    /// A whole number, or its declared default when absent.
    func integerOrDefault(_ key: String) throws(ConfigError) -> Int {
        if let value = try integer(key) { return value }
        guard let number = object?.field(key)?.defaultValue?.doubleValue else { throw undeclared(key) }
        return Int(number)
    }

    /// A number, or its declared default when absent.
    func numberOrDefault(_ key: String) throws(ConfigError) -> Double {
        if let value = try number(key) { return value }
        guard let number = object?.field(key)?.defaultValue?.doubleValue else { throw undeclared(key) }
        return number
    }

    /// A read of a number the schema does not declare: a mistake in this program, said as one.
    private func undeclared(_ key: String) -> ConfigError {
        .invalidValue(
            file: file, keyPath: keyPath(key), expected: "a number ConfigSchema declares (a bug: please report it)",
            found: Self.describe(value(key) ?? .null))
    }

    func keyPath(_ key: String) -> String { Self.join(path, key) }

    func value(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    func require(_ key: String, expected: String) throws(ConfigError) -> JSONValue {
        guard let value = value(key) else {
            throw .missingKey(file: file, keyPath: keyPath(key), expected: expected)
        }
        return value
    }

    /// A required non-empty string.
    func requiredString(_ key: String, expected: String = "a non-empty string") throws(ConfigError) -> String {
        guard let text = try string(key, required: true, expected: expected) else {
            throw .missingKey(file: file, keyPath: keyPath(key), expected: expected)
        }
        return text
    }

    /// A required number in `range`.
    func requiredNumber(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        guard let number = try number(key, in: range, required: true) else {
            throw .missingKey(file: file, keyPath: keyPath(key), expected: "a number")
        }
        return number
    }

    func string(_ key: String, required: Bool, nonEmpty: Bool = true, expected: String = "a string") throws(ConfigError)
        -> String?
    {
        guard let value = value(key) else {
            if required { throw .missingKey(file: file, keyPath: keyPath(key), expected: expected) }
            return nil
        }
        guard case .string(let text) = value, !nonEmpty || !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw invalid(key, expected: nonEmpty ? "a non-empty string" : expected, found: value)
        }
        return text
    }

    func number(_ key: String, in range: ClosedRange<Double>, required: Bool, allowLowerBound: Bool = true)
        throws(ConfigError) -> Double?
    {
        let expected =
            "a number from \(NumberText.plain(range.lowerBound))\(allowLowerBound ? "" : " (exclusive)") to \(NumberText.plain(range.upperBound))"
        guard let value = value(key) else {
            if required { throw .missingKey(file: file, keyPath: keyPath(key), expected: expected) }
            return nil
        }
        guard case .number(let number) = value, number.isFinite, range.contains(number),
            allowLowerBound || number != range.lowerBound
        else {
            throw invalid(key, expected: expected, found: value)
        }
        return number
    }

    func integer(_ key: String, in range: ClosedRange<Int>, required: Bool) throws(ConfigError) -> Int? {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let value = value(key) else {
            if required { throw .missingKey(file: file, keyPath: keyPath(key), expected: expected) }
            return nil
        }
        guard case .number(let number) = value, number.rounded() == number,
            number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else {
            throw invalid(key, expected: expected, found: value)
        }
        return Int(number)
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw invalid(key, expected: "true or false", found: value) }
        return flag
    }

    func invalid(_ key: String, expected: String, found: JSONValue) -> ConfigError {
        .invalidValue(file: file, keyPath: keyPath(key), expected: expected, found: Self.describe(found))
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The offending value, quoted and cut short, so the message shows what was there.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "\"\(shown)\""
        case .number(let number): return NumberText.plain(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items) where items.isEmpty: return "an empty array"
        case .object(let members) where members.isEmpty: return "an empty object"
        default: return value.kindDescription
        }
    }

}
