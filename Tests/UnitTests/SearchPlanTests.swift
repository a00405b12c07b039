import Foundation
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupSupport
import Testing

/// `SearchRecords.plan`: a shard's stamp known before its records are made, and the records
/// made from a plan the same as made directly.
@Suite("Search plan: the records a night would make, and which shards to make again")
struct SearchPlanTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 19 Nov 2026

    /// 800 upcoming events over 40 days (found by two queries), and 200 past events of a record.
    static func site(editing edited: Int? = nil, queryTitle: String = "Rust")
        -> (FetchedEvents, CommunityRecord)
    {
        let events = (0..<800).map { index in
            Event(
                id: "e\(index)", title: index == edited ? "Edited \(index)" : "Event \(index)",
                start: ZonedDate(date: now.addingTimeInterval(Double(1 + index / 20) * 86_400), utcOffsetSeconds: 0),
                description: "**Talks** about [things](https://example.org/\(index)) & more")
        }
        let rust = EventQuery(id: "rust", title: queryTitle, keyword: "rust", latitude: 52.5, longitude: 13.4)
        let swift = EventQuery(id: "swift", keyword: "swift", latitude: 52.5, longitude: 13.4)
        let fetched = FetchedEvents(outcomes: [
            (rust, .succeeded(events: Array(events[0..<500]))), (swift, .succeeded(events: Array(events[400...]))),
        ])
        let past = (0..<200).map { index in
            ArchivedEvent(
                id: "p\(index)", title: "Past \(index)",
                start: ZonedDate(date: now.addingTimeInterval(-Double(1 + index) * 86_400), utcOffsetSeconds: 0),
                group: ArchivedGroupRef(id: "g", urlname: "g", name: "Group"))
        }
        return (fetched, CommunityRecord(events: past, groups: []))
    }

    static func stamps(_ site: (FetchedEvents, CommunityRecord)) -> [String: String] {
        let planned = SearchRecords.plan(site.0, record: site.1, now: now, timeZone: utc, language: .english)
        let shards = SearchRecords.shards(planned, now: now, timeZone: utc)
        return Dictionary(
            uniqueKeysWithValues: shards.map {
                ($0.name, SearchRecords.stamp($0.records, timeZone: utc, language: .english, indexer: "p"))
            }
        )
    }

    @Test func aPlansRecordsAreTheRecordsMadeDirectly() {
        let (fetched, record) = Self.site()
        let planned = SearchRecords.plan(fetched, record: record, now: Self.now, timeZone: Self.utc, language: .english)
        let direct =
            SearchRecords.make(
                fetched.distinctEvents.map { ($0, fetched.queriesByEvent[$0.id] ?? []) }, timeZone: Self.utc,
                language: .english,
                plainDescriptions: [:])
            + SearchRecords.past(record, now: Self.now, timeZone: Self.utc, language: .english)
        #expect(planned.count == 1_000)
        let made = SearchRecords.records(planned, timeZone: Self.utc, language: .english)
        #expect(made.sorted { $0.name < $1.name } == direct.sorted { $0.name < $1.name })
        #expect(
            made.first { $0.name == SearchRecords.recordName(fetched.distinctEvents[450]) }?.html.contains(
                "<span data-pagefind-filter=\"query\">swift</span>") == true)
    }

    @Test func anEditedEventChangesOnlyItsShardsStamp() {
        let before = Self.stamps(Self.site())
        #expect(before.count > 2, "\(before.keys.sorted())")
        let edited = Self.stamps(Self.site(editing: 650))
        #expect(edited.keys.sorted() == before.keys.sorted())
        #expect(before.filter { edited[$0.key] != $0.value }.count == 1)
        // A query's title is every one of its events' filter: their shards change, the others do not.
        let renamed = Self.stamps(Self.site(queryTitle: "Rust lang"))
        #expect(before.filter { renamed[$0.key] != $0.value }.count >= 2)
        #expect(before["2026-12-w4"] != nil && renamed["2026-12-w4"] == before["2026-12-w4"], "Swift's alone")
        #expect(Self.stamps(Self.site()) == before, "the same site, the same stamps")
    }
}
