import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `PageWalk`: when a query's pages stop (a page cap, `hasNextPage` over the count).
@Suite("Paging rules")
struct PageWalkTests {
    /// The cap: fresh cursors forever (no cycle to notice) stop at a page cap derived
    /// from the query's own cap, else the absolute one. Pure, so the endless server is a loop here.
    @Test func endlessFreshCursorsStopAtThePageCap() throws {
        var capped = PageWalk(maxEvents: 5)
        var step = PageWalk.Step.finished
        for page in 1...1_000 {
            // Each page brings an event already seen: the cap on events is never reached.
            let event = Event(
                id: "e", title: "E", start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
            step = capped.add(EventPage(events: [event], nextCursor: "cursor-\(page)", totalCount: 5))
            if step != .next(cursor: "cursor-\(page)") { break }
        }
        #expect(capped.pagesRead == 12, "5 events at 1 a page: 5 pages, doubled, plus 2")
        #expect(
            step
                == .failed(
                    reason: "stopped after 12 pages: more than this query can need (the query keeps at most 5 events)"))

        var uncounted = PageWalk(maxEvents: nil)
        for page in 1...1_000 {
            let event = Event(
                id: "e\(page)", title: "E", start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
            if case .failed = uncounted.add(EventPage(events: [event], nextCursor: "c\(page)")) { break }
        }
        #expect(uncounted.pagesRead == PageWalk.absolutePageCap)
    }
    /// In both recorded `groupSearch` answers `totalCount` is the page's size. A walk
    /// pages by `hasNextPage`: thirty real pages that each claim a count of one are all read.
    @Test func pagingFollowsHasNextPageNotTheCount() {
        var walk = PageWalk(maxEvents: nil)
        var step = PageWalk.Step.finished
        for page in 1...30 {
            let event = Event(
                id: "e\(page)", title: "E", start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
            step = walk.add(EventPage(events: [event], nextCursor: page < 30 ? "c\(page)" : nil, totalCount: 1))
            if case .failed = step { break }
        }
        #expect(step == .finished && walk.events.count == 30 && walk.pagesRead == 30)
    }

    /// Two queries' walks sharing an interner keep one copy of an event both read, as each page
    /// is read (not only when the query is done); an event that differs stays its own.
    @Test func walksSharingAnInternerKeepOneCopyOfAnEvent() {
        let interner = EventInterner()
        func event(_ id: String, _ title: String = "Talk") -> Event {
            Event(id: id, title: title, start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
        }
        var first = PageWalk(maxEvents: nil, interner: interner)
        var second = PageWalk(maxEvents: nil, interner: interner)
        _ = first.add(EventPage(events: [event("1"), event("2")], nextCursor: "b", totalCount: nil))
        _ = second.add(EventPage(events: [event("2"), event("1", "Renamed")], nextCursor: "b", totalCount: nil))
        #expect(second.events[0].sharesStorage(with: first.events[1]), "event 2: one copy")
        #expect(!second.events[1].sharesStorage(with: first.events[0]) && second.events[1].title == "Renamed")
        #expect(!event("3").sharesStorage(with: event("3")), "equal events made apart are two copies")
    }
}
