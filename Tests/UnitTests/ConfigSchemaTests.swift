import Foundation
@testable import MeetupConfig
import MeetupSupport
import Testing

/// `ConfigSchema`: the declarations the loader reads are the ones the reference and the
/// JSON Schema print. Every declared number is read with its declared range (a value past
/// either end is refused, naming its key path), and every declared default is accepted.
@Suite("Config schema")
struct ConfigSchemaTests {
    static let environment = ["MEETUP_TOKEN": "secret-token"]

    /// A valid config with `value` at `key` of the object at `path`.
    static func config(_ path: String, _ key: String, _ value: Any) -> [String: Any] {
        var config: [String: Any] = [
            "title": "T", "baseURL": "https://x.org/", "source": ["type": "meetup-api"],
            "queries": [["id": "swift", "keyword": "swift", "lat": 52.5, "lon": 13.4]],
        ]
        var query = ["id": "swift", "keyword": "swift", "lat": 52.5, "lon": 13.4] as [String: Any]
        switch path {
        case "": config[key] = value
        case "queries[]": query[key] = value
        case "queries[].curation": query["curation"] = [key: value]
        case "calendars[]": config["calendars"] = [["id": "cal", "url": "https://x.org/c.ics", key: value]]
        case "publish": config["publish"] = ["command": ["true"], key: value]
        default: config[path] = [key: value]
        }
        if path.hasPrefix("queries[]") { config["queries"] = [query] }
        return config
    }

    static func load(_ config: [String: Any]) throws -> Result<ReportConfig, ConfigError> {
        let data = try JSONSerialization.data(withJSONObject: config)
        do {
            return .success(
                try ConfigLoader(environment: environment).parse(
                    data, file: "queries.json", baseDirectory: URL(fileURLWithPath: "/srv")))
        } catch {
            return .failure(error)
        }
    }

    static var numbers: [(path: String, field: ConfigField)] {
        ConfigSchema.root.allObjects.flatMap { object in
            object.fields.compactMap { field -> (path: String, field: ConfigField)? in
                switch field.type {
                case .number, .integer: (object.path, field)
                default: nil
                }
            }
        }
    }

    @Test func everyDeclaredNumberIsReadWithItsRange() throws {
        #expect(Self.numbers.count >= 30, "\(Self.numbers.count) numbers declared")
        for (path, field) in Self.numbers {
            let (low, high): (Double, Double) =
                switch field.type {
                case .number(let range, _): (range.lowerBound - 1, range.upperBound * 2 + 1)
                case .integer(let range): (Double(range.lowerBound) - 1, Double(range.upperBound) + 1)
                default: (0, 0)
                }
            for value in [low, high] {
                guard case .failure(let error) = try Self.load(Self.config(path, field.name, value)) else {
                    Issue.record("\(path).\(field.name) = \(value) was accepted")
                    continue
                }
                #expect(error.keyPath?.hasSuffix(field.name) == true, "\(path).\(field.name): \(error)")
            }
        }
    }

    @Test func everyDeclaredDefaultIsAccepted() throws {
        for object in ConfigSchema.root.allObjects where ["", "limits", "history", "publish"].contains(object.path) {
            for field in object.fields {
                guard let value = field.defaultValue, case .number(let number) = value else { continue }
                let outcome = try Self.load(Self.config(object.path, field.name, number))
                if case .failure(let error) = outcome { Issue.record("\(object.path).\(field.name): \(error)") }
            }
        }
    }

    /// A key the schema does not declare is refused by the loader, and the loader's defaults are
    /// the declared ones.
    @Test func theLoaderAndTheSchemaAgree() throws {
        guard case .failure(let error) = try Self.load(Self.config("limits", "retriez", 3)) else {
            Issue.record("an undeclared key was accepted")
            return
        }
        #expect(error.keyPath == "limits.retriez")
        guard case .success(let config) = try Self.load(Self.config("", "$schema", "config.schema.json")) else {
            Issue.record("$schema was refused")
            return
        }
        #expect(
            config.thumbnailWidth == ConfigSchema.root.field("thumbnailWidth")?.defaultValue?.doubleValue.map(Int.init))
        #expect(config.queries[0].daysAhead == 30 && config.queries[0].searchArea?.radiusMiles == 25)
    }

    @Test func theJSONSchemaClosesEveryObject() {
        let schema = ConfigSchema.jsonSchema()
        #expect(schema["additionalProperties"] == .bool(false))
        #expect(schema["properties"]?["queries"]?["items"]?["required"] == .array([.string("id")]))
        #expect(
            schema["properties"]?["limits"]?["properties"]?["retries"]?["maximum"] == .number(10),
            "ranges come from the declarations")
    }
}
