import Foundation
import MeetupModel
import MeetupSupport

/// What a shard holds: a record, or one planned (`SearchRecords.Planned`).
package protocol SearchShardItem: Sendable {
    /// Its file name inside the records folder; a shard's items are in name order.
    var name: String { get }
    /// Its event's start: what decides its shard.
    var start: Date { get }
    /// What its record is made from, as a hash or as the record itself.
    var input: String { get }
}

/// The search index in shards by the events' dates, so that what a night changes lands in
/// few of them: the events that pass are yesterday's (their week's shard), new ones arrive at
/// the window's end, and an archive's years stand still. A year is one shard (`2026`) up to
/// 500 records; in a busier year, each month of more than 300 is a shard per week
/// (`2026-11-w4`: days 1-7, 8-14, 15-21, 22 to the end; a week of more than 200 in halves,
/// `2026-12-w1a`) and the other months stay together in the year's shard (each its own,
/// `2026-03`, when they hold more than 1,500). The years before last are one shard (`older`)
/// up to 5,000 records, else the same per year. The boundaries are the calendar's, so a
/// record stays in its shard whatever else changes; only a period crossing a limit moves its
/// own records. A small site (up to 600 records) is one shard (`all`): a second would only
/// cost the reader another download.
///
/// Measured on the W2 snapshot site with the R-Ladies record (15,500 records), a night later
/// (about 170 events passing): shards by a hash of the event re-indexed all eight (search
/// 13.8 s); by date, 2.0 s (docs/bench-log.md, issue 34's third part). Pagefind's time is linear
/// in a shard's records (W1's week of 252: 0.22 s; its halves of 126: 0.11 s), and a reader's
/// search merges the shards at little cost: Pagefind loads its WebAssembly once, for the first
/// shard, and from the others their small entry, metadata and the chunks a search needs (W1's
/// first search in Chromium: 4 weeks 40 requests and 375 KB, 8 halves 56 requests and 373 KB;
/// issue 34's twelfth part).
extension SearchRecords {
    static let smallSite = 600
    static let olderLimit = 5_000
    static let yearLimit = 500
    static let monthLimit = 300
    static let restLimit = 1_500
    static let weekLimit = 200

    /// Each shard's name (`older`, `2025`, `2026-11`, `2026-11-w4`, `2026-12-w1a` or `all`) and its records, by name.
    package static func shards<Item: SearchShardItem>(_ records: [Item], now: Date, timeZone: TimeZone)
        -> [(name: String, records: [Item])]
    {
        // In name order once, by their names alone: grouping keeps the order, so every shard is
        // in name order. Grouped by their indices (a record carries its event), each record is
        // copied once, into its shard: sorted and grouped as records, W2's 10,000 planned records
        // were copied about at every step, 60 of the 99 samples of planning its shards (perf),
        // and still 46 of 88 when sorted once by name.
        let names = records.map(\.name)
        let order = names.indices.sorted { names[$0] < names[$1] }
        guard records.count > smallSite else { return records.isEmpty ? [] : [("all", order.map { records[$0] })] }
        // The zone's days by arithmetic (`LocalDays`): through Foundation's calendar, planning
        // W2's shards on a night with one change was 7 % of its search stage (perf).
        let days = LocalDays(timeZone)
        let lastYear = days.components(of: now).year - 1
        var older: [Dated] = []
        var years: [Int: [Dated]] = [:]
        for index in order {
            let day = days.components(of: records[index].start)
            let dated = Dated(index: index, year: day.year, month: day.month, day: day.day)
            if dated.year < lastYear { older.append(dated) } else { years[dated.year, default: []].append(dated) }
        }
        var made: [(name: String, dated: [Dated])] = []
        if older.count > olderLimit {
            for (year, part) in Dictionary(grouping: older, by: \.year) { made += split(year: year, part) }
        } else if !older.isEmpty {
            made.append(("older", older))
        }
        for (year, part) in years { made += split(year: year, part) }
        return made.sorted { $0.name < $1.name }.map { shard in (shard.name, shard.dated.map { records[$0.index] }) }
    }

    /// A record by its place in the list, and its local day.
    private struct Dated {
        var index: Int
        var year: Int
        var month: Int
        var day: Int
    }

    private static func split(year: Int, _ records: [Dated]) -> [(name: String, dated: [Dated])] {
        guard records.count > yearLimit else { return [(String(year), records)] }
        let months = Dictionary(grouping: records, by: \.month)
        let quiet = months.filter { $0.value.count <= monthLimit }
        var made: [(name: String, dated: [Dated])] = []
        if quiet.values.map(\.count).reduce(0, +) > restLimit {
            made += quiet.map { (String(format: "%04d-%02d", year, $0.key), $0.value) }
        } else if !quiet.isEmpty {
            made.append((String(year), records.filter { quiet[$0.month] != nil }))
        }
        for (month, inMonth) in months where inMonth.count > monthLimit {
            let name = String(format: "%04d-%02d", year, month)
            for (week, inWeek) in Dictionary(grouping: inMonth, by: { min(($0.day - 1) / 7, 3) + 1 }) {
                guard inWeek.count > weekLimit else {
                    made.append(("\(name)-w\(week)", inWeek))
                    continue
                }
                // Halves, not days: every shard is more requests for a reader's search, and a
                // shard's ranking statistics are its own (W2's December by day was 28 shards; by
                // half-week it is 8).
                let firstDay = (week - 1) * 7 + 1
                made += Dictionary(grouping: inWeek) { $0.day < firstDay + (week == 4 ? 5 : 4) ? "a" : "b" }.map {
                    half, inHalf in ("\(name)-w\(week)\(half)", inHalf)
                }
            }
        }
        return made
    }

    /// What an index made by `indexer` (its command line, its binary's size and time: another
    /// Pagefind is another index format) depends on, besides its records.
    package static func indexerIdentity(_ indexer: [String]) -> String {
        var key = ContentHash.Builder("search-indexer-1", indexer.joined(separator: " "))
        if let binary = indexer.first, let attributes = try? FileManager.default.attributesOfItem(atPath: binary) {
            key.add("\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        return key.hex()
    }
}

extension SearchRecords {
    /// What every record depends on, as one hash, without making them: the events as cached,
    /// each query's events and title (its filters), the record's past events, the indexer and
    /// this binary (which writes the records). When it equals the published index's, every
    /// shard stands as it is and no record is made (a warm W2 night: 10,000 records made and
    /// hashed for nothing took a second).
    package static func inputs(
        _ fetched: FetchedEvents, record: CommunityRecord?, now: Date, timeZone: TimeZone,
        language languages: Languages,
        indexer identity: String
    ) -> String {
        var key = ContentHash.Builder(
            "search-inputs-1", BuildInfo.identity, timeZone.identifier, languages.key, identity)
        for entry in fetched.outcomes {
            key.add([entry.query.id, entry.query.title])
            key.add(entry.outcome.events.map(\.id))
        }
        for event in fetched.distinctEvents { key.add(event.fingerprint) }
        for event in record?.past(at: now) ?? [] {
            key.add([
                event.id, event.title, "\(event.start.date.timeIntervalSince1970)", event.networkEventID ?? "-",
                event.group?.name ?? "-", event.group?.urlname ?? "-", event.city ?? "-", event.country ?? "-",
            ])
        }
        return key.hex()
    }
}
