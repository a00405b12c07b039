import Foundation
import MeetupSupport

/// One key of the config: its type, whether it must be there, its default and what it does.
/// The loader takes its keys and its numbers' ranges from these declarations (`ConfigReader`),
/// and `meetup-report config-schema` prints them as a JSON Schema and as the configuration
/// reference, so the three cannot drift apart.
package struct ConfigField: Sendable {
    package indirect enum ValueType: Sendable {
        /// A string; `format` says what kind for a reader ("an absolute http(s) URL", "a path").
        case string(format: String? = nil, pattern: String? = nil)
        case choice([String])
        case number(ClosedRange<Double>, exclusiveMinimum: Bool = false)
        case integer(ClosedRange<Int>)
        case boolean
        case array(ValueType, minItems: Int = 0, maxItems: Int? = nil)
        case object(ConfigObject)
        /// An object whose keys are the user's (event ids) and whose values are all of one type.
        case dictionary(ValueType)
    }

    package let name: String
    package let type: ValueType
    package let required: Bool
    /// The value the loader uses when the key is absent (nil: none, or one the summary explains).
    package let defaultValue: JSONValue?
    package let summary: String

    package init(
        _ name: String, _ type: ValueType, required: Bool = false, default defaultValue: JSONValue? = nil,
        _ summary: String
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// An object of the config and its keys, in the order the reference lists them.
package struct ConfigObject: Sendable {
    /// Where it sits, as the reference and error messages say it (`queries[]`, `source.auth`).
    package let path: String
    package let summary: String
    package let fields: [ConfigField]

    package init(_ path: String, _ summary: String, _ fields: [ConfigField]) {
        self.path = path
        self.summary = summary
        self.fields = fields
    }

    package var keys: Set<String> { Set(fields.map(\.name)) }

    package func field(_ name: String) -> ConfigField? { fields.first { $0.name == name } }

    /// This object and every object inside it, depth first, in declaration order.
    package var allObjects: [ConfigObject] {
        var found = [self]
        for field in fields {
            for object in field.type.objects { found += object.allObjects }
        }
        return found
    }
}

extension ConfigField.ValueType {
    /// The objects this type holds directly (an object, or the items of an array of them).
    var objects: [ConfigObject] {
        switch self {
        case .object(let object): [object]
        case .array(let item, _, _), .dictionary(let item): item.objects
        default: []
        }
    }
}
