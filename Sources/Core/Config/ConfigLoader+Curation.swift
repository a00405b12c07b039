import Foundation
import MeetupModel
import MeetupSupport

extension ConfigLoader {
    /// The site's `curation`: its rules, `pinned` and `notes`, and each query's own rules.
    func parseCuration(
        _ value: JSONValue?, queryRules: [String: JSONValue], queries: [EventQuery],
        root: ConfigReader
    ) throws(ConfigError) -> Curation {
        var curation = Curation()
        if let value {
            let reader = try ConfigReader(
                file: root.file, path: root.keyPath("curation"), value: value,
                object: ConfigSchema.siteCuration)
            curation.site = try parseRules(reader, query: nil)
            curation.pinned = try idList(reader, "pinned")
            curation.notes = try notes(reader)
            if let both = curation.pinned.first(where: curation.site.excludeEvents.contains) {
                throw reader.invalid("pinned", expected: "no event that excludeEvents also names", found: .string(both))
            }
        }
        for (index, query) in queries.enumerated() {
            guard let value = queryRules[query.id] else { continue }
            let reader = try ConfigReader(
                file: root.file, path: "\(root.keyPath("queries"))[\(index)].curation", value: value,
                object: ConfigSchema.queryCuration)
            curation.perQuery[query.id] = try parseRules(reader, query: query)
        }
        return curation
    }

    private func parseRules(_ reader: ConfigReader, query: EventQuery?) throws(ConfigError) -> CurationRules {
        var rules = CurationRules(keyPath: reader.path)
        rules.excludeGroups = Set(
            try list(reader, "excludeGroups", expected: "group urlnames, such as [\"crypto-bootcamp-berlin\"]") {
                item in
                item.range(of: Self.urlnamePattern, options: .regularExpression) != nil
            }.map { $0.lowercased() })
        rules.excludeEvents = Set(try idList(reader, "excludeEvents"))
        rules.excludeWords = try list(
            reader, "excludeWords",
            expected: "words or phrases of letters and digits, such as [\"bootcamp\", \"crypto trading\"]"
        ) { item in
            !WordMatcher.words(item).isEmpty && item.count <= 200
        }
        if let only = try reader.string("only", required: false) {
            guard let attendance = CurationRules.Attendance(rawValue: only) else {
                throw reader.invalid("only", expected: "\"online\" or \"in-person\"", found: .string(only))
            }
            rules.only = attendance
        }
        rules.maxDistanceMiles = try reader.number("maxDistanceMiles")
        if rules.maxDistanceMiles != nil, let query, query.searchArea == nil {
            throw reader.invalid(
                "maxDistanceMiles", expected: "nothing: only a \"keyword\" search has a point to measure from",
                found: reader.value("maxDistanceMiles") ?? .null)
        }
        rules.minRSVPs = try reader.integer("minRSVPs")
        return rules
    }

    /// Event ids: Meetup's are digits; a calendar's are `<calendar id>:<hash>` (see `explain`).
    private func idList(_ reader: ConfigReader, _ key: String) throws(ConfigError) -> [String] {
        try list(
            reader, key, expected: "event ids, such as [\"301234567\"] (meetup-report explain shows an event's id)"
        ) { item in
            item.range(of: #"^[A-Za-z0-9_:.-]{1,200}$"#, options: .regularExpression) != nil
        }
    }

    /// A list of strings that each pass `isValid`; duplicates are dropped, the order kept.
    private func list(
        _ reader: ConfigReader, _ key: String, expected: String,
        isValid: (String) -> Bool
    ) throws(ConfigError) -> [String] {
        guard let value = reader.value(key) else { return [] }
        guard case .array(let items) = value, items.count <= 10_000 else {
            throw reader.invalid(key, expected: "an array of " + expected, found: value)
        }
        var seen = Set<String>()
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue, isValid(text) else {
                throw reader.invalid("\(key)[\(index)]", expected: expected, found: item)
            }
            if seen.insert(text).inserted { result.append(text) }
        }
        return result
    }

    /// `notes`: `{"<event id>": "one short line of Markdown"}`.
    private func notes(_ reader: ConfigReader) throws(ConfigError) -> [String: String] {
        guard let value = reader.value("notes") else { return [:] }
        guard case .object(let members) = value else {
            throw reader.invalid("notes", expected: "an object of event ids to one line of Markdown", found: value)
        }
        var notes: [String: String] = [:]
        for (id, note) in members {
            guard id.range(of: #"^[A-Za-z0-9_:.-]{1,200}$"#, options: .regularExpression) != nil else {
                throw reader.invalid("notes", expected: "event ids as keys, such as \"301234567\"", found: .string(id))
            }
            guard let text = note.stringValue, !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= 280,
                !text.contains(where: \.isNewline)
            else {
                throw reader.invalid(
                    "notes.\(id)", expected: "one line of Markdown of at most 280 characters", found: note)
            }
            notes[id] = text
        }
        return notes
    }
}
