import Foundation
import MeetupFetch
@testable import MeetupHistory
import MeetupModel
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// `Backfill`: the past events of a network and of a list of groups read into the record,
/// request by request, resumed where it stopped, within its budget; groups kept by Meetup's id.
@Suite("Backfill and the record")
struct BackfillTests {
    /// Answers from a script and keeps every request, like a server's log.
    final class ScriptedSource: PastEventsSource, Sendable {
        let asked = LockedBox<[PastEventsRequest]>([])
        let answer: @Sendable (PastEventsRequest) -> PastEventsPage

        init(answer: @escaping @Sendable (PastEventsRequest) -> PastEventsPage) {
            self.answer = answer
        }

        func pastEvents(
            _ request: PastEventsRequest, of query: EventQuery, number: Int,
            completion: @escaping @Sendable (Result<PastEventsPage, FetchError>) -> Void
        ) {
            asked.withLock { $0.append(request) }
            completion(.success(answer(request)))
        }
    }

    static let now = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date
    static let since = ISO8601.parseDateTime("2012-01-01T00:00:00Z")!.date

    static func event(_ id: String, group: String, groupID: String, day: Int, network: String? = nil) -> Event {
        var event = Event(
            id: id, title: "Event \(id)",
            start: ZonedDate(date: since.addingTimeInterval(Double(day) * 86_400), utcOffsetSeconds: 3600),
            rsvpCount: 10, group: EventGroup(name: group.capitalized, urlname: group, id: groupID))
        event.networkEventID = network
        return event
    }

    /// Three pages of a network: `p2`, `p3`, then the end.
    static func networkSource() -> ScriptedSource {
        ScriptedSource { request in
            guard case .network(_, _, _, let after) = request else { return PastEventsPage(events: []) }
            let page = after.map { Int($0.dropFirst()) ?? 1 } ?? 1
            let events = (0..<200).map {
                event("n\(page)-\($0)", group: "chapter-\($0 % 7)", groupID: "\($0 % 7)", day: page * 200 + $0)
            }
            return PastEventsPage(events: events, networkCursor: page < 3 ? "p\(page + 1)" : nil)
        }
    }

    @Test func aBackfillCutShortContinuesWithoutAskingTwice() throws {
        let folder = try TemporaryDirectory()
        let history = try HistoryStore(path: folder.path("history.sqlite"))
        let query = EventQuery(id: "rladies", title: "R-Ladies", kind: .network("rladies"))
        let source = Self.networkSource()
        let first = Backfill(source: source, history: history, since: Self.since, now: Self.now, budget: 2).run([query])
        #expect(first.requests == 2 && first.events == 400 && first.unfinished == ["rladies"])
        let second = Backfill(source: source, history: history, since: Self.since, now: Self.now, budget: 100).run([
            query
        ])
        #expect(second.requests == 1 && second.events == 200 && second.unfinished.isEmpty)
        let cursors = source.asked.withLock { $0 }.map { request -> String? in
            if case .network(_, _, _, let after) = request { return after } else { return "other" }
        }
        #expect(cursors == [nil, "p2", "p3"], "each page asked for once, in order")
        let third = Backfill(source: source, history: history, since: Self.since, now: Self.now, budget: 100).run([
            query
        ])
        #expect(third.requests == 0, "a finished backfill sends nothing")
        #expect(try history.record().events.count == 600)
    }

    @Test func groupsAreAskedForTwentyARequestThenPagedAlone() throws {
        let folder = try TemporaryDirectory()
        let history = try HistoryStore(path: folder.path("history.sqlite"))
        let urlnames = (0..<25).map { "group-\($0)" } + ["gone-group"]
        let query = EventQuery(id: "list", title: "List", kind: .groups(urlnames))
        let source = ScriptedSource { request in
            switch request {
            case .groups(let asked, _, _):
                var page = PastEventsPage(events: [])
                for urlname in asked where urlname != "gone-group" {
                    page.events.append(Self.event("\(urlname)-1", group: urlname, groupID: urlname, day: 10))
                    // group-3 has a second page.
                    page.groupCursors[urlname] = .some(urlname == "group-3" ? "more" : nil)
                }
                return page
            case .group(let urlname, _, _, let after):
                #expect(urlname == "group-3" && after == "more")
                return PastEventsPage(
                    events: [Self.event("group-3-2", group: urlname, groupID: urlname, day: 20)],
                    groupCursors: [urlname: String?.none])
            case .network:
                return PastEventsPage(events: [])
            }
        }
        let outcome = Backfill(source: source, history: history, since: Self.since, now: Self.now, budget: 100)
            .run([query])
        let asked = source.asked.withLock { $0 }
        #expect(asked.count == 3 && outcome.requests == 3, "\(asked)")
        #expect(asked[0].urlnames.count == 20, "the first request asks for twenty groups")
        #expect(
            asked[1] == PastEventsRequest.group(urlname: "group-3", since: Self.since, until: Self.now, after: "more"))
        #expect(asked[2].urlnames == ["group-20", "group-21", "group-22", "group-23", "group-24", "gone-group"])
        #expect(outcome.unfinished.isEmpty, "a group Meetup does not know has nothing more to read")
        #expect(try history.record().events.count == 26)
    }

    /// Meetup renames a deleted group's urlname; its id stays. The record keeps one group with
    /// its former name, and its events under both names.
    @Test func aRenamedGroupIsTheSameGroupByItsID() throws {
        let folder = try TemporaryDirectory()
        let history = try HistoryStore(path: folder.path("history.sqlite"))
        let before = Self.event("1", group: "rladies-ushuaia", groupID: "4633", day: 1)
        let after = Self.event("2", group: "muhq_deleted@4633@rladies-ushuaia", groupID: "4633", day: 400)
        try history.archive([ArchivedEvent(before, queryIDs: ["q"])], now: Self.since)
        try history.archive([ArchivedEvent(after, queryIDs: ["q"])], now: Self.now)
        let kept = try history.record()
        #expect(kept.groups.count == 1)
        #expect(kept.groups.first?.urlname == "muhq_deleted@4633@rladies-ushuaia")
        #expect(kept.groups.first?.formerUrlnames == ["rladies-ushuaia"])
        let record = CommunityRecord(events: kept.events, groups: kept.groups)
        let group = try #require(record.group(urlname: "rladies-ushuaia"), "the old name still finds it")
        #expect(record.events(of: group).map(\.id) == ["1", "2"])
    }

    /// A chapter the record knows for a network query that tonight's list of the network's groups
    /// lacks has left the network; a failed night says nothing about it.
    @Test func aGroupMissingFromItsNetworksListHasLeftIt() {
        let query = EventQuery(id: "net", title: "Net", kind: .network("rladies"))
        let record = [
            ArchivedEvent(Self.event("1", group: "rladies-a", groupID: "1", day: 1), queryIDs: ["net"]),
            ArchivedEvent(Self.event("2", group: "rladies-b", groupID: "2", day: 2), queryIDs: ["net"]),
            ArchivedEvent(Self.event("3", group: "other", groupID: "3", day: 3), queryIDs: ["search"]),
        ]
        let tonight = FetchedEvents(
            outcomes: [(query, .succeeded(events: []))], groups: ["net": [GroupActivity(urlname: "rladies-a")]])
        #expect(RecordHistoryStep.leftTheirNetwork(tonight, record: record) == ["rladies-b"])
        let failed = FetchedEvents(
            outcomes: [(query, .failed(.httpStatus(query: "net", page: 1, status: 503)))],
            groups: ["net": [GroupActivity(urlname: "rladies-a")]])
        #expect(RecordHistoryStep.leftTheirNetwork(failed, record: record).isEmpty)
    }

    /// What the record knows is never lost to a later, poorer answer: a count is kept when a
    /// later night does not say it, and an event stays when a night does not list it.
    @Test func theRecordNeverShrinks() throws {
        let folder = try TemporaryDirectory()
        let history = try HistoryStore(path: folder.path("history.sqlite"))
        var event = Self.event("1", group: "g", groupID: "9", day: 1)
        try history.archive([ArchivedEvent(event, queryIDs: ["a"])], now: Self.since)
        event.rsvpCount = nil
        try history.archive([ArchivedEvent(event, queryIDs: ["b"])], cancelledIDs: [], now: Self.now)
        try history.archive([], now: Self.now)
        let kept = try history.record().events
        #expect(kept.count == 1 && kept[0].going == 10 && Set(kept[0].queryIDs) == ["a", "b"])
    }

    /// The recorded answer of a group's past events (`status: PAST`) maps with the group's id
    /// and the venue's country, which the record keys and counts by.
    @Test func aRecordedPastEventsAnswerMaps() throws {
        let data = try Fixtures.data("meetupr/group-events-rladies-lagos-1.json")
        let page = try PastEventsPage.mapping(
            data, for: .group(urlname: "rladies-lagos", since: Self.since, until: Self.now, after: "x"))
        #expect(page.events.count == 13)
        #expect(page.events.allSatisfy { $0.group?.id == "32612004" })
        #expect(page.events.first?.venue?.country == "ng")
        #expect(page.groupCursors["rladies-lagos"] == .some(nil), "hasNextPage false: the group is done")
    }
}
