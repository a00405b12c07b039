import Foundation
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupReportTestSupport
import Testing

extension RenderMemoTests {
    /// A site's own templates may show whatever the renderer gives them: a group page's past
    /// events' places and groups too, which the bundled one does not. Its key is the page's whole
    /// value (`GroupPage`), so a place the backfill corrected remakes it (the key written by hand
    /// held only what the bundled template showed, and the page stayed as it was).
    @Test(arguments: ["pastCity", "pastOnline", "pastGroupName"])
    func aSitesOwnTemplatesSeeWhatTheyShowChange(_ change: String) throws {
        let folder = try TemporaryDirectory()
        let templates = folder.path("Templates")
        try FileManager.default.copyItem(at: Fixtures.templates, to: templates)
        let group = templates.appendingPathComponent("group.md.mustache")
        try String(contentsOf: group, encoding: .utf8)
            .replacingOccurrences(of: "{{/entries}}", with: "  {{place}}{{#groups}} {{name}}{{/groups}}\n{{/entries}}")
            .write(to: group, atomically: true, encoding: .utf8)
        let outcome = try Self.compare(
            { input in
                switch change {
                case "pastCity": input.record?.events[5].city = "Potsdam"
                case "pastOnline": input.record?.events[6].isOnline = true
                default: input.record?.events[7].group?.name = "Group 3, renamed"
                }
            }, label: "own templates, \(change)", templates: templates, firstTemplates: templates)
        #expect(outcome.itemsReused > 150, "the rest reused: \(outcome)")
    }

    /// A page's value holds what it shows, not all its sources know: the record's groups seen
    /// again tonight (their `lastSeen`, which no page shows) remake no group page.
    @Test func groupsSeenAgainRemakeNoPage() throws {
        let outcome = try Self.compare(
            { input in
                input.history?.counts = ["swift": [90, 100, 100], "rust": [90, 100, 100]]
                for index in input.record?.groups.indices ?? 0..<0 {
                    input.record?.groups[index].lastSeen = RenderMemoTests.night.addingTimeInterval(86_400)
                }
            }, label: "groups seen again")
        #expect(outcome.itemsMade == 1, "the index alone; made \(outcome.itemsMade)")
    }

    /// A past event's page is keyed by its whole value (`EventPageFacts`): a record event that
    /// turns out to have been hybrid too remakes its page (the key written by hand did not list
    /// it, and the memo kept the page that said "In person").
    @Test(arguments: ["hybrid", "title", "going"])
    func aPastEventsPageFollowsItsValue(_ change: String) throws {
        let outcome = try Self.compare(
            { input in
                guard
                    let index = input.record?.events.firstIndex(where: {
                        $0.start.date < RenderMemoTests.night && !$0.isCancelled && !$0.isOnline
                    })
                else { return }
                switch change {
                case "hybrid": input.record?.events[index].isHybrid = true
                case "title": input.record?.events[index].title = "Renamed afterwards"
                default: input.record?.events[index].going = 99
                }
            }, label: "past event, \(change)")
        #expect(outcome.itemsMade >= 1 && outcome.itemsReused > 150, "\(outcome)")
    }

    /// An upcoming event's page and calendar are keyed by what they are rendered from
    /// (`UpcomingEventPage`, `EventCalendarFiles.key`), not by all the site says of the event:
    /// marked new (which the lists and events.json show) neither is made again; a query that
    /// found it renamed (its page links it by name) remakes the page.
    @Test func anEventsOwnPageAndCalendarFollowWhatTheyShow() throws {
        let templates = try SiteTemplates(directory: Fixtures.templates)
        func keys(_ change: (inout SiteInput) -> Void) throws -> [String] {
            var input = Self.baseInput()
            change(&input)
            input = input.planned()
            let keys = RenderKeys(input: input, templates: templates)
            let event = try #require(keys.distinct.first { $0.id == "e55" })
            return [
                UpcomingEventPage(event, input: input, foundBy: keys.foundBy[event.id] ?? []).key(site: keys.site),
                EventCalendarFiles.key(event, stamp: input.lastChanged(event), keys: keys),
            ]
        }
        let base = try keys { _ in }
        #expect(try keys { $0.history?.newEventIDs = ["e55"] } == base)
        let renamed = try keys { $0.fetched.outcomes[0].query.title = "Swift, renamed" }
        #expect(renamed[0] != base[0] && renamed[1] == base[1])
    }
}
