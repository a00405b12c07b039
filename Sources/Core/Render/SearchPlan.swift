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
        case upcoming(Event, queries: [EventQuery])
        case past(Record)
    }

    /// Every record tonight's index holds: the upcoming events some query found, then the
    /// record's past events.
    package static func plan(
        _ fetched: FetchedEvents, record: CommunityRecord?, now: Date, timeZone: TimeZone, language: SiteLanguage
    ) -> [Planned] {
        let foundBy = fetched.queriesByEvent
        var planned: [Planned] = []
        for event in fetched.distinctEvents {
            guard let queries = foundBy[event.id], !queries.isEmpty else { continue }
            var input = ContentHash.Builder("search-record-1", event.fingerprint)
            for query in queries { input.add([query.id, query.title]) }
            planned.append(
                Planned(
                    name: recordName(event), start: event.start.date, input: input.hex(),
                    source: .upcoming(event, queries: queries)))
        }
        for made in record.map({ past($0, now: now, timeZone: timeZone, language: language) }) ?? [] {
            planned.append(Planned(past: made))
        }
        return planned
    }

    /// A shard's plan (in name order), the indexer, the time zone and language (the dates,
    /// filters and stemming) and this binary (which writes the records), as one hash: the
    /// shard's index is made again only when this changes.
    package static func stamp(
        _ planned: [some SearchShardItem], timeZone: TimeZone, language: SiteLanguage, indexer identity: String
    ) -> String {
        var key = ContentHash.Builder(
            "search-shard-2", identity, BuildInfo.identity, timeZone.identifier, recordsLanguage(language))
        for item in planned { key.add([item.name, item.input]) }
        return key.hex()
    }

    /// What a record depends on besides its plan's input: this binary (which writes it),
    /// the time zone and the language (its date, filters and words).
    package static func recordsKey(timeZone: TimeZone, language: SiteLanguage) -> String {
        "search-records-1 \(BuildInfo.identity) \(timeZone.identifier) \(recordsLanguage(language))"
    }

    /// The language as records depend on it: its tag and its words.
    static func recordsLanguage(_ language: SiteLanguage) -> String {
        ContentHash.of(language, kind: "search-language")
    }

    /// The records of a shard's plan, in its order.
    package static func records(
        _ planned: [Planned], timeZone: TimeZone, language: SiteLanguage, plainDescriptions: TextsByEvent = [:]
    ) -> [Record] {
        var upcoming: [(index: Int, event: Event, queries: [EventQuery])] = []
        var records: [Record?] = Array(repeating: nil, count: planned.count)
        for (index, item) in planned.enumerated() {
            switch item.source {
            case .upcoming(let event, let queries): upcoming.append((index, event, queries))
            case .past(let record): records[index] = record
            }
        }
        let made = make(
            upcoming.map { ($0.event, $0.queries) }, timeZone: timeZone, language: language,
            plainDescriptions: plainDescriptions)
        for (entry, record) in zip(upcoming, made) { records[entry.index] = record }
        return records.compactMap { $0 }
    }

    static func recordName(_ event: Event) -> String { ContentHash.sha256Hex(event.id).prefix(24) + ".html" }
}

extension SearchRecords.Planned {
    /// About the bytes of its record: a past event's record itself, an upcoming event's
    /// description and title with the record's fixed part (its record is made only when its
    /// shard is indexed).
    package var estimatedBytes: Int {
        switch source {
        case .past(let record): record.html.utf8.count
        case .upcoming(let event, _): 600 + event.description.utf8.count + event.title.utf8.count
        }
    }
}
