import Foundation
@testable import MeetupHistory
@testable import MeetupModel
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

@Suite("The record step: what the record marks cancelled")
struct RecordStepTests {
    static let now = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date

    /// Issue 62, item 4: a group that left its network had its upcoming events marked cancelled,
    /// though they are still on Meetup: only an event that vanished from Meetup is.
    @Test func theEventsOfAGroupThatLeftItsNetworkAreNotCancelled() {
        let start = ZonedDate(date: Self.now.addingTimeInterval(5 * 86_400), utcOffsetSeconds: 0)
        let network = EventQuery(id: "rladies", title: "R-Ladies", kind: .network("rladies"))
        let record = [
            ArchivedEvent(
                id: "left-1", title: "Still on Meetup", start: start,
                group: ArchivedGroupRef(id: "1", urlname: "rladies-gone", name: "Gone"), queryIDs: ["rladies"]),
            ArchivedEvent(
                id: "stays-1", title: "Deleted on Meetup", start: start,
                group: ArchivedGroupRef(id: "2", urlname: "rladies-stays", name: "Stays"), queryIDs: ["rladies"]),
        ]
        var report = HistoryReport()
        report.changes = record.map { event in
            HistoryChange(
                kind: .removed, eventID: event.id, title: event.title, noticedAt: Self.now, oldStart: event.start,
                newStart: nil, oldPlace: EventPlace(venueName: nil, city: nil, isOnline: true), newPlace: nil,
                url: nil, queryIDs: ["rladies"])
        }
        let fetched = FetchedEvents(
            outcomes: [(network, .succeeded(events: []))],
            groups: ["rladies": [GroupActivity(urlname: "rladies-stays")]])
        let cancelled = RecordHistoryStep.cancelled(report, now: Self.now, fetched: fetched, record: record)
        #expect(cancelled == ["stays-1"], "\(cancelled)")
    }

    /// Issue 62, item 2: Meetup renamed a deleted group (same id) after the record first saw it;
    /// the record kept the old urlname, made no page at the new one and marked the group gone.
    @Test func aGroupRenamedLaterIsFollowedByItsID() throws {
        let folder = try TemporaryDirectory()
        let history = try HistoryStore(path: folder.path("history.sqlite"))
        let start = ZonedDate(date: Self.now.addingTimeInterval(-30 * 86_400), utcOffsetSeconds: 0)
        let past = ArchivedEvent(
            id: "g-1", title: "Glasgow night", start: start,
            group: ArchivedGroupRef(id: "4333", urlname: "rladies-glasgow", name: "R-Ladies Glasgow"),
            queryIDs: ["rladies"])
        try history.archive([past], now: Self.now.addingTimeInterval(-30 * 86_400))
        let renamed = "muhq_deleted@4333@rladies-glasgow"
        var listed = GroupActivity(urlname: renamed, name: "R-Ladies Glasgow")
        listed.id = "4333"
        let network = EventQuery(id: "rladies", title: "R-Ladies", kind: .network("rladies"))
        let fetched = FetchedEvents(outcomes: [(network, .succeeded(events: []))], groups: ["rladies": [listed]])
        #expect(RecordHistoryStep.leftTheirNetwork(fetched, record: [past]).isEmpty, "the same id: it has not left")
        try history.follow([listed], now: Self.now)
        let group = try #require(try history.record().groups.first { $0.key == "id:4333" })
        #expect(group.urlname == renamed && group.formerUrlnames == ["rladies-glasgow"] && group.goneSince == nil)
    }
}
