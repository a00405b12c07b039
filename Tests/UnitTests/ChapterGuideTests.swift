import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `ChapterGuide` against a record worked by hand: now is 15 Dec 2026 (UTC), so the twelve
/// closed months are December 2025 to November 2026 and December 2026's events are left out.
@Suite("Chapter guide")
struct ChapterGuideTests {
    static func event(
        _ id: String, _ title: String, _ day: String, group: String, going: Int?, network: String? = nil
    ) -> ArchivedEvent {
        ArchivedEvent(
            id: id, title: title,
            start: ZonedDate(date: ISO8601.parseDateTime(day + "T18:00:00Z")!.date, utcOffsetSeconds: 0),
            group: ArchivedGroupRef(id: group, urlname: "g" + group, name: "Group " + group), networkEventID: network,
            going: going)
    }

    static let record = CommunityRecord(
        events: [
            event("old", "Shiny workshop", "2019-05-01", group: "1", going: 90),
            event("a", "Shiny workshop for beginners", "2026-01-10", group: "1", going: 10),
            event("b", "Advanced Shiny talk", "2026-02-10", group: "2", going: 30),
            event("c", "Intro to Python", "2026-03-10", group: "2", going: 20),
            event("d", "Book club", "2026-04-10", group: "3", going: nil),
            event("iwd1", "IWD talk", "2026-03-08", group: "1", going: 4, network: "iwd"),
            event("iwd2", "IWD talk", "2026-03-08", group: "3", going: 6, network: "iwd"),
            event("edge", "Shiny social", "2025-11-30", group: "3", going: 100),
            event("now", "Shiny hackathon", "2026-12-02", group: "3", going: 100),
        ], groups: [])

    static let guide = RecordReports(
        record: record, now: ISO8601.parseDateTime("2026-12-15T00:00:00Z")!.date, zone: .gmt
    ).guide()

    @Test func theWindowIsTheTwelveClosedMonths() {
        #expect(Self.guide.window.label == "2025-12 to 2026-11")
        // a, b, c, d and the network event once; not old, edge (November 2025) or now (this month).
        #expect(Self.guide.events == 5)
        #expect(Self.guide.groups == 3)
    }

    @Test func reachCountsGroupsAndPullIsTheMedianGoing() {
        let shiny = Self.guide.topics.first { $0.name == "Shiny" }
        #expect(shiny == ChapterGuide.Draw(name: "Shiny", groups: 2, events: 2, medianGoing: 20))
        #expect(shiny?.isFew == true, "two events are too few for a median to mean much")
        // Talk: b (30) and the network event (4 + 6 went, one event of two groups).
        let talk = Self.guide.topics.first { $0.name == "Talk" }
        #expect(talk == ChapterGuide.Draw(name: "Talk", groups: 3, events: 2, medianGoing: 20))
        #expect(Self.guide.topics.first?.name == "Talk", "the widest reach first")
    }

    @Test func anEventHasItsMostAdvancedLevelAndItsFirstFormat() {
        let levels = Dictionary(uniqueKeysWithValues: Self.guide.levels.map { ($0.name, $0.events) })
        // b names Advanced; a and c Beginners; d and the network event none.
        #expect(levels == ["Advanced": 1, "Beginners": 2, ChapterGuide.noLevel: 2])
        #expect(Self.guide.levels.map(\.name) == ["Advanced", "Beginners", ChapterGuide.noLevel])
        let formats = Dictionary(uniqueKeysWithValues: Self.guide.formats.map { ($0.name, $0.events) })
        #expect(formats == ["Workshop": 1, "Talk": 2, "Book club": 1, ChapterGuide.noFormat: 1])
        #expect(Self.guide.formats.first { $0.name == "Book club" }?.medianGoing == nil, "d says no number")
    }

    @Test func theBusiestChaptersWithTheirFirstEventEver() {
        let first = Self.guide.chapters.first
        #expect(first?.name == "Group 1" || first?.name == "Group 2")
        let one = Self.guide.chapters.first { $0.name == "Group 1" }
        #expect(one?.events == 2 && one?.medianGoing == 7)
        #expect(one?.first == ISO8601.parseDateTime("2019-05-01T18:00:00Z")!.date)
        #expect(Self.guide.chapters.map(\.events) == [2, 2, 2])
    }

    @Test func beginnersAreComparedOnlyWhereTheFiguresAreReliable() {
        // Every level rests on fewer than ten events: no verdict.
        #expect(Self.guide.beginnersHoldTheirOwn == nil)
        let many =
            (0..<10).map { Self.event("beg\($0)", "Intro", "2026-05-0\($0 % 9 + 1)", group: "1", going: 5) }
            + (0..<10).map { Self.event("adv\($0)", "Advanced", "2026-06-0\($0 % 9 + 1)", group: "2", going: 9) }
        let guide = RecordReports(
            record: CommunityRecord(events: many, groups: []),
            now: ISO8601.parseDateTime("2026-12-15T00:00:00Z")!.date, zone: .gmt
        ).guide()
        #expect(guide.beginnersHoldTheirOwn == false)
    }
}
