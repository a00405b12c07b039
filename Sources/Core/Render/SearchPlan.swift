import Foundation
import MeetupModel
import MeetupSupport

/// The search records a night would make, planned without making them: each record's name,
/// date and a hash of what it is made from. A shard's stamp is known from its plan, so only
/// the shards whose stamp changed make their records: on the W2 snapshot site with the
/// R-Ladies record, making all 15,500 records (each event's plain text escaped) to stamp
/// eight shards was 9 % of a night's CPU under `perf`, for the one shard a night re-indexes.
extension SearchRecords {
    package struct Planned: Sendable, SearchShardItem {
        package var name: String
        package var start: Date
        /// A hash of everything its record is made from (a past event's record itself: it is small).
        package var input: String
        fileprivate var source: Source

        /// A past event's record, planned as it is.
        package init(past record: Record) {
            self.init(name: record.name, start: record.start, input: record.html, source: .past(record))
        }

        fileprivate init(name: String, start: Date, input: String, source: Source) {
            (self.name, self.start, self.input, self.source) = (name, start, input, source)
        }
    }

    fileprivate enum Source: Sendable {
        /// An upcoming event, in the language at `language` of the plan's languages.
        case upcoming(Event, queries: [EventQuery], language: Int)
        case past(Record)
    }

    /// The languages the records are in: one for most sites; for a site in several, each with its
    /// folder, their records in one index (Pagefind keeps an index per `<html lang>` in it).
    package struct Languages: Sendable {
        package struct Entry: Sendable {
            package var language: SiteLanguage
            package var folder: String
        }

        package var entries: [Entry]

        package static let english = Languages(entries: [Entry(language: .english, folder: "")])

        package init(entries: [Entry]) { self.entries = entries }

        /// Each site's language and folder.
        package init(_ sites: [SiteSettings]) {
            entries = sites.map { Entry(language: $0.language, folder: $0.folder) }
        }

        /// What every record depends on of them: their tags, words and folders.
        var key: String {
            entries.map { $0.folder + ContentHash.of($0.language, kind: "search-language") }.joined(separator: " ")
        }
    }

    /// Every record tonight's index holds: the upcoming events some query found, then the
    /// record's past events.
    package static func plan(
        _ fetched: FetchedEvents, record: CommunityRecord?, now: Date, timeZone: TimeZone, language languages: Languages
    ) -> [Planned] {
        let foundBy = fetched.queriesByEvent
        var planned: [Planned] = []
        for (index, entry) in languages.entries.enumerated() {
            for event in fetched.distinctEvents {
                guard let queries = foundBy[event.id], !queries.isEmpty else { continue }
                var input = ContentHash.Builder("search-record-1", event.fingerprint)
                for query in queries { input.add([query.id, query.title]) }
                planned.append(
                    Planned(
                        name: recordName(event, folder: entry.folder), start: event.start.date, input: input.hex(),
                        source: .upcoming(event, queries: queries, language: index)))
            }
            let made = record.map {
                past($0, now: now, timeZone: timeZone, language: entry.language, folder: entry.folder)
            }
            for record in made ?? [] { planned.append(Planned(past: record)) }
        }
        return planned
    }

    /// A shard's plan (in name order), the indexer, the time zone and language (the dates,
    /// filters and stemming) and this binary (which writes the records), as one hash: the
    /// shard's index is made again only when this changes.
    package static func stamp(
        _ planned: [some SearchShardItem], timeZone: TimeZone, language languages: Languages, indexer identity: String
    ) -> String {
        var key = ContentHash.Builder(
            "search-shard-2", identity, BuildInfo.identity, timeZone.identifier, languages.key)
        for item in planned { key.add([item.name, item.input]) }
        return key.hex()
    }

    /// What a record depends on besides its plan's input: this binary (which writes it),
    /// the time zone and the language (its date, filters and words).
    package static func recordsKey(timeZone: TimeZone, language languages: Languages) -> String {
        "search-records-1 \(BuildInfo.identity) \(timeZone.identifier) \(languages.key)"
    }

    /// The records of a shard's plan, in its order.
    package static func records(
        _ planned: [Planned], timeZone: TimeZone, language languages: Languages,
        plainDescriptions: TextsByEvent = [:]
    ) -> [Record] {
        var upcoming: [Int: [(index: Int, event: Event, queries: [EventQuery])]] = [:]
        var records: [Record?] = Array(repeating: nil, count: planned.count)
        for (index, item) in planned.enumerated() {
            switch item.source {
            case .upcoming(let event, let queries, let language):
                upcoming[language, default: []].append((index, event, queries))
            case .past(let record): records[index] = record
            }
        }
        for (language, items) in upcoming where languages.entries.indices.contains(language) {
            let entry = languages.entries[language]
            let made = make(
                items.map { ($0.event, $0.queries) }, timeZone: timeZone, language: entry.language,
                folder: entry.folder, plainDescriptions: plainDescriptions)
            for (item, record) in zip(items, made) { records[item.index] = record }
        }
        return records.compactMap { $0 }
    }

    /// "<hash>.html"; "es-<hash>.html" for the language in `es/`.
    static func recordName(_ event: Event, folder: String = "") -> String {
        (folder.isEmpty ? "" : folder.dropLast() + "-") + ContentHash.sha256Hex(event.id).prefix(24) + ".html"
    }
}

extension SearchRecords.Planned {
    /// About the bytes of its record: a past event's record itself, an upcoming event's
    /// description and title with the record's fixed part (its record is made only when its
    /// shard is indexed).
    package var estimatedBytes: Int {
        switch source {
        case .past(let record): record.html.utf8.count
        case .upcoming(let event, _, _): 600 + event.description.utf8.count + event.title.utf8.count
        }
    }
}
