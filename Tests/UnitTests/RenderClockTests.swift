import Foundation
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Issue 64: a night on which only the clock moved remakes only what shows the clock.
@Suite("Render: the clock")
struct RenderClockTests {
    @Test(arguments: [("Sunday to Monday", 86_400.0), ("Monday to Tuesday", 2 * 86_400.0)])
    func aNightOnWhichOnlyTheClockMovedRemakesLittle(_ night: (String, Double)) throws {
        let folder = try TemporaryDirectory()
        var first = RenderMemoTests.baseInput()
        // As a night with a history has it: when each event was first seen (without one, an
        // event's calendar stamp and feed entry are the moment).
        for event in first.fetched.distinctEvents {
            first.history?.firstSeen[event.id] = first.generatedAt.addingTimeInterval(-10 * 86_400)
        }
        first.generatedAt = first.generatedAt.addingTimeInterval(night.1 - 86_400)
        try RenderMemoTests.publish(first, in: folder.url)
        var next = first
        next.generatedAt = first.generatedAt.addingTimeInterval(86_400)
        let outcome = try RenderMemoTests.publish(next, in: folder.url).outcome
        #expect(outcome.itemsMade <= 6, "\(night.0): \(outcome.itemsMade) made, \(outcome.itemsReused) reused")
    }
    /// Events spread from tonight, three a day, as a real site's are: the next night, the events
    /// of the day that passed leave the lists. Made again are the pages that showed them (the
    /// index, All events and its month, the query's pages with its feed and calendar, the site's
    /// feed and calendar, events.json, the sitemap) and their groups' pages, nothing else; across
    /// a week's end as on any other night (issue 64 measured a Sunday-to-Monday night that made
    /// a W1-shaped site again whole; this fixture does not).
    @Test(arguments: [("Sunday to Monday", 86_400.0), ("Monday to Tuesday", 2 * 86_400.0)])
    func aNightOnWhichEventsPassRemakesThePagesThatShowedThem(_ night: (String, Double)) throws {
        let folder = try TemporaryDirectory()
        var first = RenderMemoTests.baseInput()
        first.generatedAt = first.generatedAt.addingTimeInterval(night.1 - 86_400)
        let spread = { (input: inout SiteInput, from: Date) in
            for index in input.fetched.outcomes.indices {
                guard case .succeeded(let events) = input.fetched.outcomes[index].outcome else { continue }
                let moved = events.compactMap { event -> Event? in
                    var event = event
                    let number = Double(Int(event.id.dropFirst()) ?? 0)
                    let start = RenderMemoTests.night.addingTimeInterval(number * 8 * 3_600 + 3_600)
                    event.start = ZonedDate(date: start, utcOffsetSeconds: 3_600)
                    return start > from ? event : nil
                }
                input.fetched.outcomes[index].outcome = .succeeded(events: moved)
            }
        }
        spread(&first, first.generatedAt)
        for event in first.fetched.distinctEvents {
            first.history?.firstSeen[event.id] = first.generatedAt.addingTimeInterval(-10 * 86_400)
        }
        let a = try RenderMemoTests.publish(first, in: folder.url)
        var next = first
        next.generatedAt = first.generatedAt.addingTimeInterval(86_400)
        spread(&next, next.generatedAt)
        let b = try RenderMemoTests.publish(next, in: folder.url)
        let changed = Set(b.files.keys.filter { a.files[$0] != b.files[$0] })
        let lists: Set<String> = [
            "all", "all/2026-11", "calendar", "events", "feed", "index", "queries/swift", "queries/swift.2",
            "sitemap",
        ]
        let unexpected = changed.filter { path in
            !lists.contains(String(path.split(separator: ".")[0])) && !path.hasPrefix("groups/g")
                && !path.hasPrefix("queries/swift.")
        }
        #expect(unexpected.isEmpty, "\(night.0): \(unexpected.sorted())")
        #expect(b.outcome.itemsMade <= 12, "\(night.0): \(b.outcome.itemsMade) made, \(b.outcome.itemsReused) reused")
        #expect(changed.contains("index.html") && b.outcome.itemsReused > 300)
    }
}
