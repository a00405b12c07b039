import Foundation
import MeetupModel
import MeetupSupport

extension ConfigLoader {
    /// `calendars`: other calendars whose events join the site like a query's, each
    /// `{"id", "title"?, "url" | "file", "daysAhead"?}`; ids share the queries' namespace.
    func parseCalendars(
        _ value: JSONValue?, queries: [EventQuery], root: ConfigReader,
        baseDirectory: URL
    ) throws(ConfigError) -> [EventQuery] {
        guard let value else { return [] }
        guard case .array(let items) = value, items.count <= 200 else {
            throw root.invalid("calendars", expected: "an array of at most 200 calendars", found: value)
        }
        var used = Dictionary(
            queries.enumerated().map { ($0.element.id, "queries[\($0.offset)].id") },
            uniquingKeysWith: { first, _ in first })
        var calendars: [EventQuery] = []
        for (index, item) in items.enumerated() {
            let reader = try ConfigReader(
                file: root.file, path: "\(root.keyPath("calendars"))[\(index)]", value: item,
                object: ConfigSchema.calendar)
            let id = try reader.requiredString("id", expected: "a slug of lowercase letters, digits and dashes")
            guard id.range(of: #"^[a-z0-9][a-z0-9-]{0,62}$"#, options: .regularExpression) != nil else {
                throw reader.invalid(
                    "id", expected: "a slug of lowercase letters, digits and dashes (at most 63), such as \"tu-talks\"",
                    found: .string(id))
            }
            if let first = used[id] {
                throw .duplicateQueryID(file: root.file, keyPath: reader.keyPath("id"), id: id, firstKeyPath: first)
            }
            used[id] = reader.keyPath("id")
            calendars.append(
                EventQuery(
                    id: id, title: try reader.string("title", required: false) ?? id,
                    kind: .calendar(try feed(reader, baseDirectory: baseDirectory)),
                    daysAhead: try reader.integerOrDefault("daysAhead")))
        }
        return calendars
    }

    private func feed(_ reader: ConfigReader, baseDirectory: URL) throws(ConfigError) -> CalendarFeed {
        let expected = "exactly one of \"url\" (an http(s) address of an .ics feed) or \"file\" (an .ics file)"
        switch (try reader.string("url", required: false), try reader.string("file", required: false)) {
        case (let text?, nil):
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false
            else {
                throw reader.invalid(
                    "url", expected: "an absolute http(s) URL of an iCalendar feed", found: .string(text))
            }
            return .url(url)
        case (nil, let path?):
            return .file(Self.resolve(path, against: baseDirectory))
        case (_?, _?):
            throw reader.invalid("file", expected: expected, found: reader.value("file") ?? .null)
        case (nil, nil):
            throw .missingKey(file: reader.file, keyPath: reader.keyPath("url"), expected: expected)
        }
    }
}
