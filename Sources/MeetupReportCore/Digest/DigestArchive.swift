import Foundation

/// Every night's digest, kept in the cache (`digests/<YYYY-MM-DD>.json`: the run's
/// time and the digest as Markdown), so each published site carries the archive and
/// the digest feed. A second run on the same day replaces that day's entry; entries
/// older than the history's retention are deleted.
public struct DigestArchive: Sendable {
    public struct Entry: Sendable, Equatable {
        public var day: String
        public var date: Date
        public var title: String
        /// Without pictures: archive pages outlive the thumbnails of past events.
        public var markdown: String
        public var isQuiet: Bool
    }

    public let directory: URL

    public init(cacheDirectory: URL) {
        directory = cacheDirectory.appendingPathComponent("digests")
    }

    /// Newest first.
    public func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.compactMap { name in
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
                  let value = try? JSONValue.parse(data), let date = value["date"]?.doubleValue,
                  let markdown = value["markdown"]?.stringValue, let title = value["title"]?.stringValue else { return nil }
            return Entry(day: String(name.dropLast(".json".count)), date: Date(timeIntervalSince1970: date), title: title,
                         markdown: markdown, isQuiet: value["quiet"]?.boolValue ?? false)
        }.sorted { ($0.day, $0.date) > ($1.day, $1.date) }
    }

    /// Day names are made by the digest from a date, never from event data.
    public func save(_ entry: Entry) throws {
        let record = JSONValue.object(["date": .number(entry.date.timeIntervalSince1970), "title": .string(entry.title),
                                       "markdown": .string(entry.markdown), "quiet": .bool(entry.isQuiet)])
        try FileOperations.writeAtomically(Data(record.serialized().utf8), to: directory.appendingPathComponent("\(entry.day).json"))
    }

    public func prune(olderThan cutoff: Date) {
        for entry in entries() where entry.date < cutoff {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("\(entry.day).json"))
        }
    }
}
