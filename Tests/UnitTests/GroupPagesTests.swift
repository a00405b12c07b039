import Foundation
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

@Suite("Group pages: one page per address")
struct GroupPagesTests {
    /// Every text file a full render of `input` writes, by path.
    static func rendered(_ input: SiteInput) throws -> [String: String] {
        let written = LockedBox<[String: String]>([:])
        _ = SiteRenderer(templates: try SiteTemplates(directory: Fixtures.templates)).render(
            input, reuse: RenderEverything(), artefacts: EventArtefactSet()
        ) { _, file in
            if case .bytes(let data) = file.contents {
                written.withLock { $0[file.path] = String(decoding: data, as: UTF8.self) }
            }
        }
        return written.withLock { $0 }
    }

    /// The demo's record held Rust Berlin under two ids (its recorded events and its group
    /// answer disagreed): two pages were written to one path, and which one stood changed
    /// from run to run.
    @Test func groupsUnderOneAddressMakeOnePage() {
        let early = Date(timeIntervalSince1970: 1_700_000_000), late = early.addingTimeInterval(86_400)
        let groups = [
            ArchivedGroup(key: "id:2", urlname: "rust-berlin", name: "Rust", firstSeen: early, lastSeen: late),
            ArchivedGroup(key: "id:1", urlname: "Rust-Berlin", name: "Rust", firstSeen: early, lastSeen: early),
            ArchivedGroup(key: "id:3", urlname: "swift-berlin", name: "Swift", firstSeen: early, lastSeen: early),
        ]
        for order in [groups, groups.reversed()] {
            let (pages, alsoKeys) = CommunityRecord.onePerAddress(order)
            #expect(pages.map(\.key) == ["id:2", "id:3"], "the group seen last, whatever the order")
            #expect(alsoKeys == ["id:2": ["id:1"]])
        }
    }

    /// A past event kept without a group id (a calendar's, a group feed's) is listed once on its
    /// group's page, also when that address holds a group kept by id and one kept by urlname.
    @Test func aPastEventIsListedOnceOnItsGroupsPage() throws {
        var input = RenderMemoTests.baseInput()
        let record = try #require(input.record)
        let start = ZonedDate(date: input.generatedAt.addingTimeInterval(-30 * 86_400), utcOffsetSeconds: 3600)
        let idless = ArchivedEvent(
            id: "feed-1", title: "Kept from a feed", start: start,
            group: ArchivedGroupRef(id: nil, urlname: "g1", name: "Group 1"))
        let byURL = ArchivedGroup(
            key: "urlname:g1", urlname: "g1", name: "Group 1", firstSeen: start.date, lastSeen: start.date)
        for groups in [record.groups, record.groups + [byURL]] {
            input.record = CommunityRecord(events: record.events + [idless], groups: groups)
            let page = try #require(try Self.rendered(input)["groups/g1.md"])
            #expect(page.components(separatedBy: "Kept from a feed").count == 2, "\(groups.count) groups")
        }
    }

    /// Issue 62, item 3: a renamed group's "on Meetup" link dropped its `@` signs.
    @Test func aGroupsMeetupAddressKeepsEveryCharacterOfItsURLName() throws {
        #expect(
            WebURL.meetupGroup("muhq_deleted@4333@rladies-glasgow")?.absoluteString
                == "https://www.meetup.com/muhq_deleted%404333%40rladies-glasgow/")
        #expect(WebURL.meetupGroup("Code-for-Boston")?.absoluteString == "https://www.meetup.com/Code-for-Boston/")
        #expect(WebURL.meetupGroup("") == nil && WebURL.meetupGroup(nil) == nil)
        var input = RenderMemoTests.baseInput()
        let record = try #require(input.record)
        let seen = input.generatedAt.addingTimeInterval(-86_400)
        input.record = CommunityRecord(
            events: record.events,
            groups: record.groups + [
                ArchivedGroup(
                    key: "id:4333", urlname: "muhq_deleted@4333@rladies-glasgow", name: "R-Ladies Glasgow",
                    formerUrlnames: ["rladies-glasgow"], firstSeen: seen, lastSeen: seen)
            ])
        let written = try GroupPagesTests.rendered(input)
        let page = try #require(
            written.first { $0.key.hasSuffix(".md") && $0.value.contains("R-Ladies Glasgow") }?.value)
        #expect(page.contains("https://www.meetup.com/muhq_deleted%404333%40rladies-glasgow/"), "\(page)")
    }

    /// Issue 62, item 1: a followed group that never held an event had no page, though the groups
    /// report linked it.
    @Test func everyFollowedGroupHasAPageEvenWithNoEventYet() throws {
        var input = RenderMemoTests.baseInput()
        let query = EventQuery(id: "net", title: "Net", kind: .network("rladies"))
        input.groups = GroupsReport(
            queries: [query],
            fresh: [
                "net": [GroupActivity(urlname: "rladies-tepic", name: "R-Ladies Tepic", city: "Tepic", members: 40)]
            ],
            earlier: [:], now: input.generatedAt)
        let written = try GroupPagesTests.rendered(input)
        let page = try #require(written["groups/rladies-tepic.md"])
        #expect(page.contains("# R-Ladies Tepic") && page.contains("**No event yet**"), "\(page)")
        #expect(written["groups.html"]?.contains("groups/rladies-tepic.html") == true)
    }
}
