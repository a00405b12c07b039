import Foundation
import GRDB
@testable import MeetupHistory
import MeetupModel
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// `HistoryStore.keep`: tonight's events into the record and the record read back in one go, as
/// `archive` then `record` leave it, writing only the events the record does not already hold
/// as they are tonight.
@Suite("History: keeping tonight's events in the record")
struct HistoryKeepTests {
    static let first = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date

    static func event(_ id: String, day: Int, hour: Int = 18, group: String = "g", queries: [String] = ["q"])
        -> ArchivedEvent
    {
        ArchivedEvent(
            id: id, title: "Event \(id)",
            start: ZonedDate(
                date: first.addingTimeInterval(Double(day * 86_400 + hour * 3_600)), utcOffsetSeconds: 3_600),
            group: ArchivedGroupRef(id: "id-\(group)", urlname: group, name: group.capitalized), city: "Berlin",
            country: "de", going: 10, url: URL(string: "https://www.meetup.com/\(group)/events/\(id)/"),
            photoURL: URL(string: "https://photos.example.org/\(group).jpeg"), queryIDs: queries)
    }

    /// Night after night of changes, kept both ways: the same record, event for event, in the same order.
    @Test func keepingLeavesWhatArchivingThenReadingLeaves() throws {
        let folder = try TemporaryDirectory()
        let archived = try HistoryStore(path: folder.path("archived.sqlite"))
        let kept = try HistoryStore(path: folder.path("kept.sqlite"))
        // Ids that sort differently as numbers and as bytes, at the same start.
        var nights: [(events: [ArchivedEvent], cancelled: Set<String>)] = [
            ((1...12).map { Self.event("\($0)", day: $0 % 3) }, [])
        ]
        var second = nights[0].events
        second[0].title = "Renamed"
        second[1].going = nil  // a count tonight lacks is kept
        second[2].photoURL = nil
        second[3].queryIDs = ["other"]  // added to those kept
        second[4].start = ZonedDate(date: Self.first.addingTimeInterval(-86_400), utcOffsetSeconds: 0)
        second[5].group = ArchivedGroupRef(id: "id-g", urlname: "g-renamed", name: "G Renamed")
        second.append(Self.event("100", day: 1))
        second.remove(at: 6)
        nights.append((second, ["7"]))
        nights.append((second, []))
        var third = second
        third[0].isCancelled = true
        third[1].going = 12
        nights.append((third, ["8", "missing"]))
        for (index, night) in nights.enumerated() {
            let now = Self.first.addingTimeInterval(Double(index) * 86_400)
            try archived.archive(night.events, cancelledIDs: night.cancelled, now: now)
            let expected = try archived.record()
            // Kept, then the vanished events cancelled, as the night does while it reads its report.
            let keptFirst = try kept.keep(night.events, now: now)
            let got = (events: try kept.cancel(night.cancelled, in: keptFirst.events), groups: keptFirst.groups)
            #expect(got.events == expected.events, "night \(index)")
            #expect(got.events.map(\.id) == expected.events.map(\.id), "night \(index): the order")
            #expect(got.groups == expected.groups, "night \(index)")
            #expect(try kept.record().events == expected.events, "night \(index): as stored")
        }
    }

    /// A night on which nothing changed writes no event (each written row's `lastSeen` would say so).
    @Test func aNightWithNothingNewWritesNoEvent() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("history.sqlite")
        let store = try HistoryStore(path: path)
        let events = (1...5).map { Self.event("\($0)", day: $0) }
        _ = try store.keep(events, now: Self.first)
        var tonight = events
        tonight[2].title = "Changed"
        let record = try store.keep(tonight, now: Self.first.addingTimeInterval(86_400)).events
        #expect(record.map(\.title) == ["Event 1", "Event 2", "Changed", "Event 4", "Event 5"])
        let database = try DatabaseQueue(path: path.path)
        let written = try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM archiveEvent WHERE lastSeen > ? ORDER BY id",
                arguments: [
                    Self.first.timeIntervalSince1970
                ])
        }
        #expect(written == ["3"])
    }

    /// The groups as three nights leave them: a group seen again is seen tonight (and keeps what
    /// tonight does not say, its city), a renamed one keeps its old urlname, one not seen keeps
    /// its night. Most nights change no group but its `lastSeen`, which is written for all of
    /// them at once.
    @Test func groupsAreSeenRenamedOrLeftAsTheyWere() throws {
        let folder = try TemporaryDirectory()
        let store = try HistoryStore(path: folder.path("history.sqlite"))
        let nights = (0..<3).map { Self.first.addingTimeInterval(Double($0) * 86_400) }
        var paris = Self.event("2", day: 1, group: "h")
        (paris.city, paris.country) = ("Paris", "fr")
        _ = try store.keep([Self.event("1", day: 1), paris], now: nights[0])
        var quiet = paris
        quiet.city = nil
        _ = try store.keep([Self.event("1", day: 1), quiet], now: nights[1])
        var renamed = Self.event("1", day: 1)
        renamed.group = ArchivedGroupRef(id: "id-g", urlname: "g-new", name: "G New")
        let groups = try store.keep([renamed], now: nights[2]).groups
        let byKey = Dictionary(uniqueKeysWithValues: groups.map { ($0.key, $0) })
        let g = try #require(byKey["id:id-g"]), h = try #require(byKey["id:id-h"])
        #expect(groups.count == 2)
        #expect((g.urlname, g.name, g.formerUrlnames, g.city) == ("g-new", "G New", ["g"], "Berlin"))
        #expect((g.firstSeen, g.lastSeen) == (nights[0], nights[2]))
        #expect((h.urlname, h.city, h.country, h.formerUrlnames) == ("h", "Paris", "fr", []))
        #expect((h.firstSeen, h.lastSeen) == (nights[0], nights[1]), "seen on the second night, not the third")
        #expect(try store.record().groups == groups, "as stored")
        // Two events of a group that say different cities: the last one's, night after night
        // (checked against the row as kept before tonight, the second night read Berlin).
        var potsdam = Self.event("3", day: 2)
        potsdam.city = "Potsdam"
        for night in 3...4 {
            let now = Self.first.addingTimeInterval(Double(night) * 86_400)
            let kept = try store.keep([Self.event("1", day: 1), potsdam], now: now).groups
            #expect(kept.first { $0.key == "id:id-g" }?.city == "Potsdam", "night \(night)")
        }
    }
}
