import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

extension ConfigLoader {
    /// `reports`: `{"healthWindowMonths": 6, "topics": [{"name": "rOpenSci", "terms": ["ropensci"]}]}`.
    func parseReports(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> ReportSettings {
        let reader = try ConfigReader(
            file: root.file, path: root.keyPath("reports"), value: value, object: ConfigSchema.reports)
        var settings = ReportSettings()
        settings.healthWindowMonths = try reader.integer("healthWindowMonths") ?? settings.healthWindowMonths
        guard let topics = reader.value("topics") else { return settings }
        guard case .array(let items) = topics else {
            throw reader.invalid("topics", expected: "an array of categories", found: topics)
        }
        settings.topics = try items.enumerated().map { index, item throws(ConfigError) in
            let topic = try ConfigReader(
                file: root.file, path: "\(reader.keyPath("topics"))[\(index)]", value: item,
                object: ConfigSchema.reportTopic)
            let name = try topic.requiredString("name")
            let kindName = try topic.string("kind", required: false) ?? TopicVocabulary.Kind.tool.configName
            guard let kind = TopicVocabulary.Kind.allCases.first(where: { $0.configName == kindName }) else {
                let kinds = TopicVocabulary.Kind.allCases.map(\.configName).joined(separator: ", ")
                throw topic.invalid("kind", expected: "one of \(kinds)", found: .string(kindName))
            }
            let expected = "a non-empty array of words or phrases"
            guard case .array(let values) = try topic.require("terms", expected: expected) else {
                throw topic.invalid("terms", expected: expected, found: topic.value("terms") ?? .null)
            }
            let terms = values.compactMap(\.stringValue).filter { !TopicVocabulary.fold($0).isEmpty }
            guard !values.isEmpty, terms.count == values.count else {
                throw topic.invalid("terms", expected: expected, found: .array(values))
            }
            return TopicVocabulary.Category(name, kind, terms)
        }
        return settings
    }
}
