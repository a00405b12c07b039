import Foundation
import MeetupSupport

extension ConfigSchema {
    /// The config's declarations as a JSON Schema (draft 2020-12): editors complete and check
    /// a config as it is typed, and `make test` validates every example config against it.
    /// Rules that span keys (one query kind, a source type's own keys) stay the loader's.
    package static func jsonSchema() -> JSONValue {
        var schema = object(root)
        schema["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        schema["title"] = .string("meetup-report config")
        return .object(schema)
    }

    private static func object(_ object: ConfigObject) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        for field in object.fields {
            var property = type(field.type)
            property["description"] = .string(field.summary)
            if let value = field.defaultValue { property["default"] = value }
            properties[field.name] = .object(property)
        }
        var result: [String: JSONValue] = [
            "type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false),
        ]
        if !object.summary.isEmpty { result["description"] = .string(object.summary) }
        let required = object.fields.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { result["required"] = .array(required) }
        return result
    }

    private static func type(_ type: ConfigField.ValueType) -> [String: JSONValue] {
        switch type {
        case .string(_, let pattern):
            var result: [String: JSONValue] = ["type": .string("string"), "minLength": .number(1)]
            if let pattern { result["pattern"] = .string(pattern) }
            return result
        case .choice(let choices):
            return ["type": .string("string"), "enum": .array(choices.map(JSONValue.string))]
        case .number(let range, let exclusive):
            return [
                "type": .string("number"), exclusive ? "exclusiveMinimum" : "minimum": .number(range.lowerBound),
                "maximum": .number(range.upperBound),
            ]
        case .integer(let range):
            return [
                "type": .string("integer"), "minimum": .number(Double(range.lowerBound)),
                "maximum": .number(Double(range.upperBound)),
            ]
        case .boolean:
            return ["type": .string("boolean")]
        case .array(let item, let minItems, let maxItems):
            var result: [String: JSONValue] = ["type": .string("array"), "items": .object(Self.type(item))]
            if minItems > 0 { result["minItems"] = .number(Double(minItems)) }
            if let maxItems { result["maxItems"] = .number(Double(maxItems)) }
            return result
        case .object(let nested):
            return object(nested)
        case .dictionary(let value):
            return ["type": .string("object"), "additionalProperties": .object(Self.type(value))]
        }
    }
}
