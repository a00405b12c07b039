import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// The batched groups request against a recorded real answer: the body of
/// `meetupr/group-events-rladies-lagos-1.json` (see its SOURCES.md) under an alias, as
/// Meetup answers a batch, beside an unknown group's null alias.
@Suite("Groups requests and their answers")
struct GroupsRequestTests {
    static func batchAnswer() throws -> Data {
        let recorded =
            try JSONSerialization.jsonObject(with: try Fixtures.data("meetupr/group-events-rladies-lagos-1.json"))
            as? [String: Any]
        let group = (recorded?["data"] as? [String: Any])?["groupByUrlname"] ?? NSNull()
        let body: [String: Any] = [
            "data": ["g0": group, "g1": NSNull()],
            "errors": [["message": "not found", "path": ["g1"]]],
        ]
        return try JSONSerialization.data(withJSONObject: body)
    }

    @Test func eachAliasIsItsGroupsPageAndANullAliasAnUnknownGroup() throws {
        let pages = try GroupsRequest.pages(
            from: try GroupsRequest.document(try Self.batchAnswer()), urlnames: ["a", "b"])
        let lagos = try #require(pages[0])
        #expect(lagos.events.count == 13 && lagos.totalCount == 13)
        #expect(lagos.events.first?.title == "satRday Lagos + The Launch of RLadies Lagos.")
        #expect(lagos.events.first?.group?.urlname == "rladies-lagos")
        #expect(lagos.nextCursor == nil, "the recorded page says hasNextPage false")
        #expect(pages[1] == nil)
    }

    @Test func aRecordedBatchReplaysAsOnePageOfEveryGroupsEvents() throws {
        let page = try EventMapper.page(from: try Self.batchAnswer())
        #expect(page.events.count == 13 && page.nextCursor == nil)
    }

    @Test func theDocumentAliasesEveryGroupOfTheBatch() throws {
        let body = GroupsRequest.batchBody(
            ["a", "b", "c"], window: DateInterval(start: Date(timeIntervalSince1970: 0), duration: 86_400), first: 50)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let document = try #require(json["query"] as? String)
        #expect(document.contains("g2: groupByUrlname(urlname: $u2)") && !document.contains("g3:"))
        let variables = try #require(json["variables"] as? [String: Any])
        #expect(variables["u1"] as? String == "b" && variables["from"] as? String == "1970-01-01T00:00:00Z")
    }

    @Test func aBatchCountsAsManyRequestsAsItHasGroups() {
        var throttle = RequestThrottle(limit: 50, window: 60)
        #expect(throttle.reserve(at: 0, cost: 20) == 0)
        #expect(throttle.reserve(at: 1, cost: 20) == 1)
        #expect(
            throttle.reserve(at: 2, cost: 20) == 60,
            "60 of 50 in the window: the third batch waits for the first to age out")
        #expect(throttle.reserve(at: 3) == 60, "at 60 the first batch has aged out: 41 of 50 in the window")
    }
}

/// A query's groups, whichever way it is made (config, snapshot, code): meetup.com reads
/// urlnames without case, so each group is asked for once, in its first spelling.
@Suite("A query's groups")
struct QueryGroupsTests {
    @Test func aGroupSpelledTwiceIsAskedForOnce() {
        let query = EventQuery(
            id: "accra", title: "Accra", kind: .groups(["rladies-accra-046", "RLadies-Accra-046", "rladies-lagos"]))
        #expect(query.groupUrlnames == ["rladies-accra-046", "rladies-lagos"])
        let feeds = GroupFeeds(urlnames: ["Code-for-Boston", "code-for-boston"])
        #expect(feeds.urlnames == ["Code-for-Boston"])
        let window = DateInterval(start: Date(timeIntervalSince1970: 0), duration: 86_400)
        if case .groups(let urlnames) = query.kind {
            let request = PastEventsRequest.groups(urlnames: urlnames, since: window.start, until: window.end)
            #expect(request.cost == 2, "two groups' worth of the rate limit, not three")
        }
    }
}
