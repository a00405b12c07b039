import Foundation
import MeetupSupport

/// Every day's digest, kept in the state folder (`digests/<YYYY-MM-DD>.json`: the run's time,
/// the window it covers and the digest as Markdown), so each published site carries
/// the archive and the digest feed. A later run on the same day rewrites that day's
/// entry with a digest of the same window (see `Digest.Window`), so it only ever adds
/// to what the day reported; entries older than the history's retention are deleted.
package struct DigestArchive: Sendable {
    package struct Entry: Sendable, Equatable {
        package var day: String
        package var date: Date
        package var title: String
        /// Without pictures: archive pages outlive the thumbnails of past events.
        package var markdown: String
        /// With the thumbnails the run showed, for `digest.md` (an offline re-render shows it as the run did).
        package var pageMarkdown: String
        package var isQuiet: Bool
        package var window: Digest.Window

        package init(
            day: String, date: Date, title: String, markdown: String, pageMarkdown: String, isQuiet: Bool,
            window: Digest.Window
        ) {
            self.day = day
            self.date = date
            self.title = title
            self.markdown = markdown
            self.pageMarkdown = pageMarkdown
            self.isQuiet = isQuiet
            self.window = window
        }
    }

    package let directory: URL

    /// - Parameter directory: the state folder's `digests/` (`StateFolder.digests`).
    package init(directory: URL) {
        self.directory = directory
    }

    /// Newest first.
    package func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.compactMap { name in
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
                let value = try? JSONValue.parse(data), let date = value["date"]?.doubleValue,
                let markdown = value["markdown"]?.stringValue, let title = value["title"]?.stringValue
            else { return nil }
            // Entries written before windows were kept cover their own night only.
            let window = Digest.Window(
                since: Date(timeIntervalSince1970: value["since"]?.doubleValue ?? date),
                inclusive: value["sinceInclusive"]?.boolValue ?? false,
                continuesFirstRun: value["firstRun"]?.boolValue ?? false)
            return Entry(
                day: String(name.dropLast(".json".count)), date: Date(timeIntervalSince1970: date), title: title,
                markdown: markdown, pageMarkdown: value["pageMarkdown"]?.stringValue ?? markdown,
                isQuiet: value["quiet"]?.boolValue ?? false, window: window)
        }.sorted { ($0.day, $0.date) > ($1.day, $1.date) }
    }

    /// The window tonight's digest covers: the day's window when the day already has a
    /// digest, else everything after the previous day's digest, else from tonight on.
    package static func window(for day: String, now: Date, isFirstRun: Bool, entries: [Entry]) -> Digest.Window {
        if let earlierToday = entries.first(where: { $0.day == day }) { return earlierToday.window }
        if let previous = entries.first(where: { $0.day < day }) {
            return Digest.Window(since: previous.date, inclusive: false)
        }
        // The first run ever has nothing new: later runs today count from after it.
        return Digest.Window(since: now, inclusive: !isFirstRun, continuesFirstRun: isFirstRun)
    }

    /// Day names are made by the digest from a date, never from event data.
    package func save(_ entry: Entry) throws {
        let record = JSONValue.object([
            "date": .number(entry.date.timeIntervalSince1970), "title": .string(entry.title),
            "markdown": .string(entry.markdown), "pageMarkdown": .string(entry.pageMarkdown),
            "quiet": .bool(entry.isQuiet),
            "since": .number(entry.window.since.timeIntervalSince1970), "sinceInclusive": .bool(entry.window.inclusive),
            "firstRun": .bool(entry.window.continuesFirstRun),
        ])
        try FileOperations.writeAtomically(
            Data(record.serialized().utf8), to: directory.appendingPathComponent("\(entry.day).json"))
    }

    package func prune(olderThan cutoff: Date) {
        for entry in entries() where entry.date < cutoff {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("\(entry.day).json"))
        }
    }
}
