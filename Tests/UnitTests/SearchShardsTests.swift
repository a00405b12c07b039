import Foundation
@testable import MeetupRender
import Testing

@Suite("Search shards: where each record goes, and when a shard is made again")
struct SearchShardsTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 19 Nov 2026

    /// `count` records a `spacing` apart from `first` (days from now).
    static func records(_ count: Int, firstDay: Double = 1, perDay: Int = 100) -> [SearchRecords.Record] {
        (0..<count).map {
            let start = now.addingTimeInterval((firstDay + Double($0 / perDay)) * 86_400 + Double($0 % perDay))
            return SearchRecords.Record(name: "event-\($0).html", html: "<h1>\($0)</h1>", start: start)
        }
    }

    static func shards(_ records: [SearchRecords.Record]) -> [(name: String, records: [SearchRecords.Record])] {
        SearchRecords.shards(records, now: now, timeZone: utc)
    }

    @Test func aSmallSiteIsOneShard() {
        #expect(Self.shards(Self.records(600)).map(\.name) == ["all"])
        #expect(Self.shards([]).isEmpty)
    }

    @Test func aBusyPeriodIsSplitByMonthThenByWeek() {
        // 20 a day for 60 days from 20 Nov 2026: November's 240 stay in the year's shard, December
        // is a shard a week, and 2027's 340 are one (a year of up to 500).
        let made = Self.shards(Self.records(1_200, perDay: 20))
        #expect(made.map(\.records.count).reduce(0, +) == 1_200)
        #expect(made.map(\.name) == ["2026", "2026-12-w1", "2026-12-w2", "2026-12-w3", "2026-12-w4", "2027"])
        // Each week's shard holds its days, the fourth the month's end (ten days: 200, not split).
        #expect(made.map(\.records.count) == [240, 140, 140, 140, 200, 340])
    }

    @Test func aCrowdedWeekIsSplitInHalves() {
        // 200 a day from 1 December: 1,400 a week; the fourth week has ten days.
        let made = Self.shards(Self.records(6_200, firstDay: 13, perDay: 200))
        #expect(made.map(\.name) == ["1a", "1b", "2a", "2b", "3a", "3b", "4a", "4b"].map { "2026-12-w\($0)" })
        #expect(made.map(\.records.count) == [800, 600, 800, 600, 800, 600, 1_000, 1_000])
    }

    @Test func everyShardIsInNameOrderWhateverOrderTheRecordsCameIn() {
        // Quiet months beside busy ones, crowded weeks in halves, the years before last: every
        // kind of shard, from records given backwards and interleaved.
        let quiet = Self.records(60, perDay: 5).map { record in
            SearchRecords.Record(name: "quiet-" + record.name, html: record.html, start: record.start)
        }
        let crowded = Self.records(6_200, firstDay: 13, perDay: 200)
        let past = (0..<700).map {
            SearchRecords.Record(
                name: "past-\($0).html", html: "", start: Self.now.addingTimeInterval(-Double(700 + $0) * 86_400))
        }
        let backwards = Array((quiet + crowded + past).reversed())
        let given =
            backwards.indices.filter { $0 % 2 == 0 }.map { backwards[$0] }
            + backwards.indices.filter { $0 % 2 == 1 }.map { backwards[$0] }
        let made = Self.shards(given)
        #expect(made.count > 9)
        for shard in made {
            let names = shard.records.map(\.name)
            #expect(names == names.sorted(), "\(shard.name) is not in name order")
        }
        #expect(made.map(\.name) == made.map(\.name).sorted())
        #expect(Set(made.flatMap { $0.records.map(\.name) }) == Set(given.map(\.name)))
    }

    @Test func aBusyYearsQuietMonthsStayTogether() {
        // 5 a day from 19 Nov (60 in November), then 20 a day from 1 Dec: 2026 holds 680.
        let november = Self.records(60, perDay: 5)
        let december = Self.records(620, firstDay: 13, perDay: 20)
        let made = Self.shards(november + december)
        #expect(made.map(\.name) == ["2026", "2026-12-w1", "2026-12-w2", "2026-12-w3", "2026-12-w4"])
        #expect(made.first?.records.count == 60)
    }

    @Test func theYearsBeforeLastAreOneShardUpToItsLimit() {
        // 2,000 records from 2013 to 2024, 1,000 in 2025, 700 upcoming.
        let older = (0..<2_000).map {
            SearchRecords.Record(
                name: "past-\($0).html", html: "", start: Self.now.addingTimeInterval(-Double(700 + $0 * 2) * 86_400))
        }
        let lastYear = (0..<1_000).map {
            SearchRecords.Record(
                name: "last-\($0).html", html: "", start: Self.now.addingTimeInterval(-Double(330 + $0 % 300) * 86_400))
        }
        let made = Self.shards(older + lastYear + Self.records(700, perDay: 10))
        #expect(made.map(\.name) == ["2025", "2026", "2027", "older"], "\(made.map(\.name))")
        let many = (0..<5_001).map {
            SearchRecords.Record(
                name: "past-\($0).html", html: "", start: Self.now.addingTimeInterval(-Double(700 + $0 / 2) * 86_400))
        }
        #expect(Self.shards(many).allSatisfy { $0.name.count == 4 }, "a shard per year")
    }

    @Test func tonightsChangesLandInFewShards() {
        let identity = "pagefind 1.5.2"
        let before = Self.shards(Self.records(6_000))
        var changed = Self.records(6_000)
        // An event of the 11th of December edited; the first day's events passed (into past records).
        changed[2_200].html = "<h1>changed</h1>"
        for index in 0..<100 {
            changed[index] = SearchRecords.Record(
                name: "past-\(index).html", html: "<h1>\(index) (past)</h1>", start: changed[index].start)
        }
        let after = Self.shards(changed)
        #expect(before.map(\.name) == after.map(\.name))
        let differing = zip(before, after).filter {
            SearchRecords.stamp($0.records, timeZone: Self.utc, language: .english, indexer: identity)
                != SearchRecords.stamp($1.records, timeZone: Self.utc, language: .english, indexer: identity)
        }.map(\.0.name)
        #expect(differing == ["2026-11-w3b", "2026-12-w2a"], "of \(before.count) shards")
    }

    @Test func anotherIndexerIsAnotherIndex() {
        let records = Self.records(3)
        #expect(
            SearchRecords.stamp(records, timeZone: Self.utc, language: .english, indexer: "a")
                != SearchRecords.stamp(records, timeZone: Self.utc, language: .english, indexer: "b"))
    }
}
