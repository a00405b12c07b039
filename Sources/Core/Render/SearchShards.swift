import Foundation
import MeetupModel
import MeetupSupport

/// The search index in shards: each record goes to the shard its event's identity hashes to,
/// so it never moves (an event that passes stays in its shard), and a night re-indexes only
/// the shards whose records changed. How many shards follows the site's size, in steps (a
/// step changes every shard's name once): one for a small site, where a second would only
/// cost the reader another download, four from 600 records, eight from 3,000.
extension SearchRecords {
    /// One shard's name (`4-2`: the third of four) and its records, by name.
    package static func shards(_ records: [Record]) -> [(name: String, records: [Record])] {
        let count = records.count > 3_000 ? 8 : records.count > 600 ? 4 : 1
        var shards = [[Record]](repeating: [], count: count)
        for record in records {
            // FNV-1a over the record's stable key: the same shard in every process and build.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in record.key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            shards[Int(hash % UInt64(count))].append(record)
        }
        return shards.enumerated().compactMap { index, records in
            records.isEmpty ? nil : ("\(count)-\(index)", records.sorted { $0.name < $1.name })
        }
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

    /// A shard's records (in name order) and the indexer, as one hash: its index is made again
    /// only when this changes.
    package static func fingerprint(_ records: [Record], indexer identity: String) -> String {
        var key = ContentHash.Builder("search-shard-1", identity)
        for record in records { key.add([record.name, record.html]) }
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
        _ fetched: FetchedEvents, record: CommunityRecord?, now: Date, timeZone: TimeZone, indexer identity: String
    ) -> String {
        var key = ContentHash.Builder("search-inputs-1", BuildInfo.identity, timeZone.identifier, identity)
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
