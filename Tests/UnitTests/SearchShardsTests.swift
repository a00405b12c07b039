import Foundation
@testable import MeetupRender
import Testing

@Suite("Search shards: where each record goes, and when a shard is made again")
struct SearchShardsTests {
    static func records(_ count: Int, prefix: String = "event") -> [SearchRecords.Record] {
        (0..<count).map { SearchRecords.Record(name: "\(prefix)-\($0).html", html: "<h1>\($0)</h1>", key: "\($0)") }
    }

    @Test(arguments: [(10, 1), (600, 1), (601, 4), (3_000, 4), (3_001, 8), (10_000, 8)])
    func theNumberOfShardsFollowsTheSiteInSteps(_ count: Int, _ shards: Int) {
        let made = SearchRecords.shards(Self.records(count))
        #expect(made.count == shards)
        #expect(made.allSatisfy { $0.name.hasPrefix("\(shards)-") })
        #expect(made.map(\.records.count).reduce(0, +) == count)
        if shards > 1 { #expect(made.allSatisfy { $0.records.count > count / shards / 2 }, "spread evenly") }
    }

    @Test func aRecordStaysInItsShardWhateverElseChanges() {
        let before = SearchRecords.shards(Self.records(1_000))
        var changed = Self.records(1_000)
        changed[17].html = "<h1>changed</h1>"
        // The event passes: another record (the past one), the same key.
        changed[400] = SearchRecords.Record(name: "past-400.html", html: "<h1>400 (past)</h1>", key: "400")
        let after = SearchRecords.shards(changed)
        let identity = "pagefind 1.5.2"
        let differing = zip(before, after).filter {
            SearchRecords.fingerprint($0.records, indexer: identity)
                != SearchRecords.fingerprint($1.records, indexer: identity)
        }.map(\.0.name)
        let shardOf = { (key: String) in after.first { $0.records.contains { $0.key == key } }?.name }
        #expect(Set(differing) == Set([shardOf("17"), shardOf("400")].compactMap { $0 }))
        #expect(differing.count <= 2, "two records changed: at most two shards are made again")
        #expect(before.map(\.name) == after.map(\.name))
    }

    @Test func anotherIndexerIsAnotherIndex() {
        let records = Self.records(3)
        #expect(
            SearchRecords.fingerprint(records, indexer: "a") != SearchRecords.fingerprint(records, indexer: "b"))
    }
}
