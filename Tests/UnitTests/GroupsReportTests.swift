import Foundation
@testable import MeetupFetch
@testable import MeetupModel
import MeetupNetwork
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// The groups report: each group's activity from the answers that carry it, and
/// the pure decisions of the report (attention, order, what a failed night shows, who went
/// quiet tonight). The batch answer is the recorded `meetupr/group-events-rladies-lagos-1.json`
/// under an alias, with the fields the recording did not ask for (`urlname`, `city`, `link`,
/// `stats.memberCounts.all`, `past`) added as the live schema types them.
@Suite("Groups report")
struct GroupsReportTests {
    static let now = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date

    static func day(_ text: String) -> Date { ISO8601.parseDateTime(text + "T12:00:00Z")!.date }

    static func batchAnswer(withSchemaFields: Bool) throws -> JSONValue {
        let recorded = try JSONValue.parse(try Fixtures.data("meetupr/group-events-rladies-lagos-1.json"))
        guard case .object(var group)? = recorded["data"]?["groupByUrlname"] else { throw MappingFailure() }
        if withSchemaFields {
            group["urlname"] = .string("rladies-lagos")
            group["city"] = .string("Lagos")
            group["link"] = .string("https://www.meetup.com/rladies-lagos/")
            group["stats"] = .object(["memberCounts": .object(["all": .number(1234)])])
            group["past"] = .object([
                "edges": .array([.object(["node": .object(["dateTime": .string("2026-10-03T10:00:00+01:00")])])])
            ])
        }
        return .object([
            "data": .object(["g0": .object(group), "g1": .null]),
            "errors": .array([.object(["message": .string("Group not found: gone"), "path": .array([.string("g1")])])]),
        ])
    }

    struct MappingFailure: Error {}

    @Test func aBatchAnswerGivesEachGroupsActivity() throws {
        let found = GroupActivityMapper.batchGroups(
            try Self.batchAnswer(withSchemaFields: true), urlnames: ["rladies-lagos", "gone"])
        let lagos = try #require(found.first)
        #expect(found.count == 1, "the null alias is no group")
        #expect(lagos.name == "R-Ladies Lagos" && lagos.city == "Lagos" && lagos.members == 1234)
        #expect(lagos.link?.absoluteString == "https://www.meetup.com/rladies-lagos/")
        #expect(lagos.lastEventAt == ISO8601.parseDateTime("2026-10-03T10:00:00+01:00")?.date, "from the `past` alias")
        #expect(lagos.upcomingEvents == 13, "the connection's totalCount")
        #expect(
            lagos.nextEventAt == ISO8601.parseDateTime("2019-09-21T09:00:00+01:00")?.date, "the earliest event listed")
        let roster = GroupActivityMapper.roster(["RLadies-Lagos", "gone"], found: found)
        #expect(
            roster.map(\.isFound) == [true, false] && roster[1].urlname == "gone",
            "every configured urlname, the unknown one marked")
    }

    @Test func aReplayedBatchFindsTheUrlnameInItsEvents() throws {
        // The recorded group carries no urlname of its own; its events' group does.
        let found = GroupActivityMapper.batchGroups(try Self.batchAnswer(withSchemaFields: false))
        #expect(found.map(\.urlname) == ["rladies-lagos"])
        #expect(
            found.first?.lastEventAt == nil && found.first?.members == nil, "what the answer does not say is unknown")
    }

    @Test func aNetworksGroupsCarryTheirAnalytics() throws {
        // ProNetworkGroupsSearchConnection { edges { node: Group, metadata: GroupAnalytics }, pageInfo, totalCount }
        let page = try JSONValue.parse(
            Data(
                #"""
                {"data":{"proNetwork":{"groupsSearch":{"totalCount":3,"pageInfo":{"hasNextPage":true,"endCursor":"c2"},"edges":[
                  {"cursor":"c1","node":{"id":"20378903","name":"R-Ladies Melbourne","urlname":"rladies-melbourne","city":"Melbourne",
                    "link":"https://www.meetup.com/rladies-melbourne/"},
                   "metadata":{"lastEventDate":"2026-11-10T18:00:00+11:00","nextEventDate":"2026-12-02T18:00:00+11:00",
                    "totalMembers":2674,"totalPastEvents":96,"totalUpcomingEvents":1}},
                  {"cursor":"c2","node":{"id":"31174585","name":"R-Ladies Kyiv","urlname":"rladies-kyiv","city":"Kyiv","link":"javascript:alert(1)"},
                   "metadata":{"lastEventDate":null,"nextEventDate":null,"totalMembers":339,"totalPastEvents":0,"totalUpcomingEvents":0}}]}}}}
                """#.utf8))
        let (groups, next) = try GroupActivityMapper.networkPage(page)
        #expect(next == "c2")
        #expect(groups.map(\.urlname) == ["rladies-melbourne", "rladies-kyiv"])
        #expect(groups[0].members == 2674 && groups[0].pastEvents == 96 && groups[0].upcomingEvents == 1)
        #expect(groups[0].lastEventAt == ISO8601.parseDateTime("2026-11-10T18:00:00+11:00")?.date)
        #expect(
            groups[1].lastEventAt == nil && groups[1].link == nil,
            "no event yet; a javascript: link never leaves the mapping")
        #expect(throws: PageMappingError.self) {
            try GroupActivityMapper.networkPage(
                try JSONValue.parse(Data(#"{"errors":[{"message":"Not authorized"}],"data":null}"#.utf8)))
        }
    }

    static func group(_ urlname: String, last: String?, next: String? = nil, found: Bool = true) -> GroupActivity {
        GroupActivity(
            urlname: urlname, name: urlname.capitalized, lastEventAt: last.map(day), nextEventAt: next.map(day),
            isFound: found)
    }

    static let network = EventQuery(id: "rl", title: "R-Ladies", kind: .network("rladies"))

    @Test func groupsNeedingAttentionComeFirstLongestSilentFirst() {
        let tonight = [
            Self.group("active", last: "2026-11-01"),
            Self.group("edge", last: "2026-05-25"),  // 180 days and some hours: needs attention
            Self.group("almost", last: "2026-05-26"),  // 179 days and 20 hours
            Self.group("long-ago", last: "2024-01-01"),
            Self.group("never", last: nil),
            Self.group("gone", last: nil, found: false),
        ]
        let report = GroupsReport(queries: [Self.network], fresh: ["rl": tonight], earlier: [:], now: Self.now)
        let section = report.sections[0]
        #expect(section.attention.map(\.urlname) == ["gone", "never", "long-ago", "edge"])
        #expect(section.active.map(\.urlname) == ["active", "almost"], "the rest by name")
        #expect(report.groupCount == 6 && report.attentionCount == 4)
        #expect(section.crossed.isEmpty, "the first night nobody crosses: nothing was judged before")
        #expect(GroupsPage.summary(report, language: .english) == "6 groups, 4 with no event for 6 months")
    }

    @Test func aFailedNightShowsTheGroupsAsLastReadWithTheirNextEventsPassed() {
        let read = Self.day("2026-11-01")
        let earlier = GroupsReport.Earlier(
            seenAt: read,
            groups: [
                GroupActivity(
                    urlname: "kyiv", lastEventAt: Self.day("2026-04-01"), nextEventAt: Self.day("2026-11-10"),
                    upcomingEvents: 1, pastEvents: 4),
                Self.group("nis", last: "2026-05-06"),
            ])
        let report = GroupsReport(queries: [Self.network], fresh: [:], earlier: ["rl": earlier], now: Self.now)
        let section = report.sections[0]
        #expect(section.seenAt == read, "the page says when the groups were read")
        let kyiv = section.active.first { $0.urlname == "kyiv" }
        #expect(
            kyiv?.lastEventAt == Self.day("2026-11-10") && kyiv?.nextEventAt == nil && kyiv?.pastEvents == 5,
            "its next event has taken place since: it is its latest")
        #expect(section.attention.map(\.urlname) == ["nis"])
        #expect(section.crossed.map(\.urlname) == ["nis"], "179 days on the last night read, 199 tonight")
    }

    @Test func tonightsAnswerWinsAndCrossingIsJudgedAgainstTheLastNight() {
        let sixMonthsAgo = Self.now.addingTimeInterval(-180 * 86_400)
        let crossing = GroupActivity(urlname: "crossing", lastEventAt: sixMonthsAgo)
        let earlier = GroupsReport.Earlier(
            seenAt: Self.day("2026-11-20"),
            groups: [
                crossing,  // 178 days on the 20th, 180 tonight
                Self.group("already", last: "2025-01-01"),
                GroupActivity(
                    urlname: "cancelled", lastEventAt: Self.day("2026-01-01"), nextEventAt: Self.day("2026-11-21")),
            ])
        let tonight = [
            crossing, Self.group("already", last: "2025-01-01"),
            Self.group("cancelled", last: "2026-01-01"), Self.group("new", last: nil),
        ]
        let report = GroupsReport(
            queries: [Self.network], fresh: ["rl": tonight], earlier: ["rl": earlier], now: Self.now)
        // "cancelled" had an event scheduled when last judged (not quiet then); tonight it has none.
        #expect(
            report.crossed.map(\.group.urlname) == ["crossing", "cancelled"],
            "not one already quiet, nor one never judged before")
        let cancelled = report.sections[0].attention.first { $0.urlname == "cancelled" }
        #expect(
            cancelled?.lastEventAt == Self.day("2026-01-01"),
            "its next event was cancelled: Meetup's word tonight beats what the last night expected")
    }

    @Test func aHostileGroupNameIsTextOnThePage() {
        var group = Self.group("evil", last: "2026-11-01")
        group.name = "<script>alert(1)</script> [click](javascript:alert(1))"
        let formatting = EventFormatting(siteTimeZone: TimeZone(identifier: "UTC")!, language: .english)
        let row = GroupsPage.row(group, now: Self.now, formatting: formatting)
        #expect(row["name"] as? String == group.name, "raw in the context; the Markdown template escapes it")
        #expect(
            GroupsPage.activity(group, now: Self.now, formatting: formatting)
                == "Last event 1 Nov 2026, 20 days ago · nothing scheduled")
        #expect(
            GroupsPage.members(1_234_567, .english) == "1,234,567 members"
                && GroupsPage.members(1, .english) == "1 member")
        #expect(
            GroupsPage.period(days: 90, .english) == "for 3 months"
                && GroupsPage.period(days: 100, .english) == "for 100 days")
    }

    /// Found at real size (the network workload follows 200 chapters as a network and as a
    /// list): the headline said "400 groups, 80 with no event" for 200 groups.
    @Test func theHeadlineCountsAGroupTwoQueriesFollowOnce() {
        let list = EventQuery(id: "list", title: "Chapters", kind: .groups(["Chapter-9", "chapter-10", "chapter-11"]))
        let fromNetwork = [Self.group("chapter-9", last: "2024-01-01"), Self.group("chapter-10", last: "2026-11-01")]
        let fromList = [
            Self.group("Chapter-9", last: "2024-01-01"), Self.group("chapter-10", last: "2026-11-01"),
            Self.group("chapter-11", last: "2026-11-02"),
        ]
        let report = GroupsReport(
            queries: [Self.network, list], fresh: ["rl": fromNetwork, "list": fromList], earlier: [:], now: Self.now)
        #expect(report.sections.map(\.groupCount) == [2, 3], "each section counts its own groups")
        #expect(
            report.groupCount == 3 && report.attentionCount == 1,
            "the headline counts distinct urlnames, case-insensitively")
        #expect(
            report.sections[1].active.map(\.urlname) == ["chapter-10", "chapter-11"], "numbers in names sort by value")
    }

    /// The night a group crossed had a failed fetch, and announced it; the next good
    /// night compares with that judgement, not with the last night the groups were read.
    @Test func aGroupCrossesTheLineOnceThoughTheNightItCrossedFailed() {
        let crossing = GroupActivity(urlname: "crossing", lastEventAt: Self.now.addingTimeInterval(-181 * 86_400))
        let read = Self.day("2026-11-19")  // 178 days then
        let judged = Self.day("2026-11-21")  // 180 days: it crossed, and the digest said so
        let tonight = ["rl": [crossing]]
        let judgedOnTheFailedNight = GroupsReport.Earlier(seenAt: read, groups: [crossing], judgedAt: judged)
        #expect(
            GroupsReport(
                queries: [Self.network], fresh: tonight, earlier: ["rl": judgedOnTheFailedNight], now: Self.now
            )
            .crossed.isEmpty, "announced on the failed night already")
        let neverJudgedSince = GroupsReport.Earlier(seenAt: read, groups: [crossing])
        #expect(
            GroupsReport(queries: [Self.network], fresh: tonight, earlier: ["rl": neverJudgedSince], now: Self.now)
                .crossed.map(\.group.urlname) == ["crossing"])
    }

    /// A group two queries follow is named and counted once.
    @Test func aGroupTwoQueriesFollowCrossesOnce() {
        let list = EventQuery(id: "list", title: "Chapters", kind: .groups(["crossing"]))
        let crossing = GroupActivity(urlname: "crossing", lastEventAt: Self.now.addingTimeInterval(-181 * 86_400))
        let earlier = GroupsReport.Earlier(seenAt: Self.day("2026-11-19"), groups: [crossing])
        let report = GroupsReport(
            queries: [Self.network, list], fresh: ["rl": [crossing], "list": [crossing]],
            earlier: ["rl": earlier, "list": earlier], now: Self.now)
        #expect(report.sections.map(\.crossed.count) == [1, 1], "each section knows its own")
        #expect(report.crossed.map(\.group.urlname) == ["crossing"], "the digest names it once")
    }

    /// An offline re-render fetched nothing, so nothing failed.
    @Test func anOfflineReRenderSaysWhatItIs() {
        let earlier = GroupsReport.Earlier(
            seenAt: Self.day("2026-11-19"), groups: [Self.group("nis", last: "2026-10-06")])
        let formatting = EventFormatting(siteTimeZone: TimeZone(identifier: "UTC")!, language: .english)
        for offline in [true, false] {
            let report = GroupsReport(
                queries: [Self.network], fresh: [:], earlier: ["rl": earlier], now: Self.now, offline: offline)
            let context = GroupsPage.context(report, formatting: formatting, generatedAt: Self.now)
            let stale = (context["sections"] as? [[String: Any]])?.first?["stale"] as? [String: Any]
            #expect(stale?["offline"] as? Bool == offline && stale?["failed"] as? Bool == !offline)
        }
    }
}
