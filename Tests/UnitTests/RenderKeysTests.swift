import Foundation
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupReportTestSupport
import Testing

@Suite("Render keys: what a night's clock changes")
struct RenderKeysTests {
    /// The clock a day on and nothing else: the feeds and `events.json` (they say when each
    /// event last changed) are the same outputs; a feed with no entry says the run's time, so it
    /// is not.
    @Test func theFeedsDependOnTheClockOnlyWhenTheyHaveNoEntry() throws {
        let templates = try SiteTemplates(directory: Fixtures.templates)
        // As a run with history gives it: each event first seen on an earlier night.
        var tonight = RenderMemoTests.baseInput()
        for event in tonight.fetched.distinctEvents {
            tonight.history?.firstSeen[event.id] = tonight.generatedAt.addingTimeInterval(-10 * 86_400)
        }
        var tomorrow = tonight
        tomorrow.generatedAt = tonight.generatedAt.addingTimeInterval(86_400)
        let keys = (
            RenderKeys(input: tonight.planned(), templates: templates),
            RenderKeys(input: tomorrow.planned(), templates: templates)
        )
        #expect(keys.0.feeds(.index) == keys.1.feeds(.index), "the site feed")
        let query = try #require(tonight.fetched.outcomes.first)
        let kind = SitePage.Kind.query(query.query, query.outcome, page: 1)
        #expect(keys.0.feeds(kind) == keys.1.feeds(kind), "a query's feed")
        // events.json says when its events last changed, not the run's time (14 of the 14.3 MB
        // an rsync sent on W2's next night before).
        #expect(
            keys.0.eventsJSON(input: tonight.planned()) == keys.1.eventsJSON(input: tomorrow.planned()), "events.json")

        var empty = tonight
        empty.fetched = FetchedEvents(outcomes: tonight.fetched.outcomes.map { ($0.query, .succeeded(events: [])) })
        var emptyTomorrow = empty
        emptyTomorrow.generatedAt = tomorrow.generatedAt
        #expect(
            RenderKeys(input: empty.planned(), templates: templates).feeds(.index)
                != RenderKeys(input: emptyTomorrow.planned(), templates: templates).feeds(.index),
            "a feed with no entry says the run's time as its `updated`")
    }

    /// An event leaves December (it passed): December's pages change, January's do not (they
    /// named the site's total and every month's count).
    @Test func anEventLeavingAMonthChangesOnlyThatMonthsPages() throws {
        let templates = try SiteTemplates(directory: Fixtures.templates)
        let tonight = RenderMemoTests.baseInput()
        var tomorrow = tonight
        tomorrow.fetched = FetchedEvents(
            outcomes: tonight.fetched.outcomes.map {
                ($0.query, .succeeded(events: $0.outcome.events.filter { $0.id != "e3" }))
            })
        let january = SitePage.Kind.allEventsMonth("2027-01", page: 1)
        let december = SitePage.Kind.allEventsMonth("2026-12", page: 1)
        let (before, after) = (tonight.planned(), tomorrow.planned())
        #expect(Self.key(january, before, templates) == Self.key(january, after, templates))
        #expect(Self.key(december, before, templates) != Self.key(december, after, templates))
    }

    /// A page's key as a night's render works it out (`SitePage.keys`).
    static func key(_ kind: SitePage.Kind, _ input: SiteInput, _ templates: SiteTemplates) -> String {
        let keys = RenderKeys(input: input, templates: templates)
        return SitePage.keys(of: [kind], input: input, keys: keys, charts: ChartFiles.charts(input)).first ?? ""
    }

    /// An event of a query's second page changes: that page is made again, not the query's
    /// first (its description names the query's first three events, which did not change).
    @Test func aChangedEventChangesOnlyItsOwnPageOfAQuery() throws {
        let templates = try SiteTemplates(directory: Fixtures.templates)
        let tonight = RenderMemoTests.baseInput().planned()
        let pages = try #require(tonight.plan.queryPages["swift"])
        #expect(pages.count == 2)
        let moved = try #require(pages[1].last)
        let first = try #require(pages[0].first)
        func retitled(_ id: String) -> SiteInput {
            var input = RenderMemoTests.baseInput()
            input.fetched = FetchedEvents(
                outcomes: input.fetched.outcomes.map { entry in
                    var events = entry.outcome.events
                    for index in events.indices where events[index].id == id { events[index].title = "Renamed" }
                    return (entry.query, .succeeded(events: events))
                })
            return input.planned()
        }
        func key(_ input: SiteInput, page: Int) -> String {
            guard let swift = input.fetched.outcomes.first(where: { $0.query.id == "swift" }) else { return "" }
            return Self.key(.query(swift.query, swift.outcome, page: page), input, templates)
        }
        let later = retitled(moved.id)
        #expect(key(later, page: 1) == key(tonight, page: 1), "page 1 does not show it")
        #expect(key(later, page: 2) != key(tonight, page: 2))
        let soonest = retitled(first.id)
        #expect(key(soonest, page: 1) != key(tonight, page: 1))
        #expect(key(soonest, page: 2) != key(tonight, page: 2), "every page's description names the first three")
    }
}
