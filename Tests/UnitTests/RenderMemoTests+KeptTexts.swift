import Foundation
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// The event texts kept between nights (`EventArtefactStore`) give the pages a render with the
/// texts in memory gives.
extension RenderMemoTests {
    /// Tonight's made texts are handed to `keep` before any page is made, and the pages read
    /// them back from what it returns: the same files as with the texts kept in memory.
    @Test func textsKeptBeforeThePagesAreMadeGiveTheSamePages() throws {
        let folder = try TemporaryDirectory()
        let store = EventArtefactStore(cacheDirectory: folder.url)
        let renderer = SiteRenderer(templates: try SiteTemplates(directory: Fixtures.templates))
        func render(keep: (EventArtefactSet) -> EventArtefactSet?) -> [String: Data] {
            let files = LockedBox([String: Data]())
            renderer.render(Self.baseInput(), keep: keep) { _, file in
                if case .bytes(let data) = file.contents { files.withLock { $0[file.path] = data } }
            }
            return files.withLock { $0 }
        }
        var handed = 0
        let kept = render { set in
            handed += 1
            return store.keep(set)
        }
        #expect(handed == 1 && store.load().byKey.count == 150)
        let inMemory = render { _ in nil }
        #expect(kept.count > 150 && kept == inMemory)
    }

    /// Each event's VEVENT and events.json item are copied from its artefacts; an artefact
    /// without them (a text the disk no longer gives) has them made again: the same files.
    @Test func entriesMissingFromTheKeptTextsAreMadeAgain() throws {
        let renderer = SiteRenderer(templates: try SiteTemplates(directory: Fixtures.templates))
        func render(_ artefacts: EventArtefactSet) -> [String: Data] {
            let files = LockedBox([String: Data]())
            renderer.render(Self.baseInput(), artefacts: artefacts) { _, file in
                if case .bytes(let data) = file.contents { files.withLock { $0[file.path] = data } }
            }
            return files.withLock { $0 }
        }
        let kept = try #require(renderer.render(Self.baseInput()) { _, _ in }.artefacts)
        var emptied = EventArtefactSet()
        for (key, made) in kept.byKey {
            emptied.byKey[key] = EventArtefacts(
                plain: made.plain, rich: made.rich, calendarText: made.calendarText, blockQuery: made.blockQuery,
                blockAll: made.blockAll, calendarEntry: "", eventsItem: "")
        }
        #expect(kept.byKey.count == 150 && kept.byKey.values.allSatisfy { !$0.calendarEntry.isEmpty })
        let fromKept = render(kept)
        #expect(fromKept["events.json"] != nil && fromKept.keys.filter { $0.hasSuffix(".ics") }.count > 150)
        #expect(render(emptied) == fromKept)
    }
}
