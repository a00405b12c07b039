import Foundation
import GRDB
@testable import MeetupConfig
@testable import MeetupHistory
import MeetupModel
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// `HistoryStore.record` after `report`: an event whose row already says what tonight would
/// write is left alone (`HistoryReport.unchangedRows`), and every other is written as before.
@Suite("History: recording the night's events")
struct HistoryRecordTests {
    static let first = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date
    static let query = EventQuery(id: "q", keyword: "swift", latitude: 52.5, longitude: 13.4)

    static func event(_ id: String, title: String? = nil, url: String? = nil, city: String = "Berlin") -> Event {
        Event(
            id: id, title: title ?? "Event \(id)",
            start: ZonedDate(date: first.addingTimeInterval(Double(id.count) * 86_400 * 3), utcOffsetSeconds: 3_600),
            eventURL: URL(string: url ?? "https://www.meetup.com/g/events/\(id)/"),
            venue: Venue(name: "Hall", city: city))
    }

    static func fetched(_ events: [Event]) -> FetchedEvents {
        FetchedEvents(outcomes: [(query: query, outcome: .succeeded(events: events))])
    }

    /// Night two changes one event's title, one's link and one's place: only those three are
    /// written (their `lastSeen` says so), with what tonight says; the others are left as kept.
    @Test func onlyTheRowsTonightChangesAreWritten() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("history.sqlite")
        let store = try HistoryStore(path: path)
        let settings = HistorySettings()
        let ids = ["1", "22", "333", "4444", "55555"]
        let night = Self.fetched(ids.map { Self.event($0) })
        let report = try store.report(for: night, now: Self.first, settings: settings)
        #expect(report.unchangedRows.isEmpty, "nothing is kept before the first night")
        try store.record(night, report: report, now: Self.first, published: true, settings: settings)

        let second = Self.first.addingTimeInterval(86_400)
        let tonight = Self.fetched([
            Self.event("1", title: "Renamed"), Self.event("22", url: "https://www.meetup.com/g/events/moved/"),
            Self.event("333", city: "Potsdam"), Self.event("4444"), Self.event("55555"),
        ])
        let secondReport = try store.report(for: tonight, now: second, settings: settings)
        #expect(secondReport.unchangedRows == ["4444", "55555"])
        try store.record(tonight, report: secondReport, now: second, published: true, settings: settings)

        let rows = try DatabaseQueue(path: path.path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, title, url, place, lastSeen FROM event ORDER BY id")
        }
        let written = rows.filter { ($0["lastSeen"] as Double) > Self.first.timeIntervalSince1970 }
        #expect(written.map { $0["id"] as String } == ["1", "22", "333"])
        #expect(
            rows.map { $0["title"] as String } == ["Renamed", "Event 22", "Event 333", "Event 4444", "Event 55555"])
        #expect((rows[1]["url"] as String?) == "https://www.meetup.com/g/events/moved/")
        #expect((rows[2]["place"] as String?)?.contains("Potsdam") == true)
    }
}
