import Foundation
@testable import MeetupConfig
@testable import MeetupHistory
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Work proportional to change: a night that reuses last night's files through
/// `RenderMemo` publishes exactly the site a full render publishes, for every kind of change,
/// and makes only what changed.
@Suite("Render memo: reused files are the files a full render makes")
struct RenderMemoTests {
    static let swift = EventQuery(id: "swift", title: "Swift", keyword: "swift", latitude: 52.5, longitude: 13.4)
    static let rust = EventQuery(id: "rust", title: "Rust", keyword: "rust", latitude: 52.5, longitude: 13.4)
    static let night = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date

    /// 150 events over two months, found by two queries (a third by both): pages of 60, feeds, calendars.
    static func baseInput() -> SiteInput {
        let events = (0..<150).map { index in
            Event(
                id: "e\(index)", title: "Meetup \(index)",
                start: ISO8601.parseDateTime(
                    String(format: "%@-%02dT18:00:00+01:00", index < 100 ? "2026-12" : "2027-01", 1 + index % 28))!,
                eventURL: URL(string: "https://www.meetup.com/g\(index % 7)/events/\(index)/"),
                description:
                    "Talks about *\(index)*.\n\n* pizza\n* [slides](https://example.org/\(index))\n\nMore text \(index).",
                rsvpCount: index, venue: Venue(name: "Venue \(index % 5)", city: "Berlin"),
                group: EventGroup(name: "Group \(index % 7)", urlname: "g\(index % 7)"),
                groupPhotoURL: URL(string: "https://photos.example.org/\(index % 7).jpg"))
        }
        let config = ReportConfig(
            siteTitle: "Memo site", baseURL: URL(string: "https://x.org/")!,
            timeZone: TimeZone(identifier: "Europe/Berlin")!,
            source: .snapshot(directory: URL(fileURLWithPath: "/")), queries: [swift, rust],
            outputDirectory: URL(fileURLWithPath: "/unused"), cacheDirectory: URL(fileURLWithPath: "/unused"))
        var history = HistoryReport()
        history.counts = ["swift": [90, 100], "rust": [90, 100]]
        // The record: past events of four groups (one a network event of three of them).
        let past = (0..<40).map { index in
            ArchivedEvent(
                id: "p\(index)", title: "Past \(index)",
                start: ZonedDate(
                    date: night.addingTimeInterval(-Double(index + 1) * 9 * 86_400), utcOffsetSeconds: 3600),
                group: ArchivedGroupRef(id: "\(index % 4)", urlname: "g\(index % 4)", name: "Group \(index % 4)"),
                networkEventID: index < 3 ? "net" : nil, city: "Berlin", country: "de", going: index)
        }
        let groups = (0..<4).map {
            ArchivedGroup(key: "id:\($0)", urlname: "g\($0)", name: "Group \($0)", firstSeen: night, lastSeen: night)
        }
        return SiteInput(
            settings: SiteSettings(config),
            fetched: FetchedEvents(outcomes: [
                (swift, .succeeded(events: Array(events[0..<100]))),
                (rust, .succeeded(events: Array(events[50..<150]))),
            ]),
            thumbnails: [:], generatedAt: night, history: history,
            record: CommunityRecord(events: past, groups: groups))
    }

    /// Renders and publishes `input` into `folder/site` as a run does; the site's files and the render's figures.
    @discardableResult
    static func publish(
        _ input: SiteInput, in folder: URL, memo useMemo: Bool = true,
        templates: URL = Fixtures.templates
    ) throws -> (files: [String: Data], outcome: RenderOutcome) {
        let output = folder.appendingPathComponent("site"), cache = folder.appendingPathComponent("cache")
        let publisher = SitePublisher(outputDirectory: output)
        // As `RenderStep` does: the tree the publish before swapped out, brought up to date.
        let staging = try publisher.makeStagingDirectory(reusingKeptTree: useMemo)
        let previous = FileManager.default.fileExists(atPath: output.path) ? output : nil
        let inventory = StagingInventory(staging)
        let writer = StagingWriter(staging: staging, previous: previous, inventory: inventory)
        let memo = RenderMemo(
            cache: BuildCache(cacheDirectory: cache), published: previous, staging: staging, inventory: inventory)
        let store = EventArtefactStore(cacheDirectory: cache)
        let spill = EventArtefactSpill(cacheDirectory: cache)
        defer { spill.remove() }
        // As `RenderStep` does: events.json written in a scratch folder as it is made (the full
        // render it is compared with makes it in memory).
        let scratch = URL(fileURLWithPath: staging.path + ".scratch", isDirectory: true)
        if useMemo { try FileOperations.createDirectory(scratch) }
        defer { try? FileManager.default.removeItem(at: scratch) }
        // As `RenderStep` does: tonight's texts spilled as they are made, kept before the pages
        // are made, then read back.
        let outcome = SiteRenderer(templates: try SiteTemplates(directory: templates))
            .render(
                input, reuse: useMemo ? memo as any RenderReuse : RenderEverything(),
                artefacts: useMemo ? store.load() : EventArtefactSet(),
                keep: store.keep, spill: spill.write, scratch: useMemo ? scratch : nil
            ) { item, file in
                #expect((try? writer.write(file)) != nil, "\(file.path)")
                memo.record(item, path: file.path)
            }
        inventory.sweep()
        try publisher.publish(staging)
        try memo.save(publishedAt: output)
        return (try files(in: output), outcome)
    }

    static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            guard !file.hasDirectoryPath else { continue }
            files[String(file.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: file)
        }
        return files
    }

    /// The second night with and without the memo, after the same first night; then the first
    /// night's input and the second's again, each built in the tree the publish before last
    /// swapped out (the third night starts from the first night's site, the fourth from the
    /// second's), each the full render's bytes and nothing more.
    static func compare(
        _ change: (inout SiteInput) -> Void, label: String, templates: URL = Fixtures.templates,
        firstTemplates: URL = Fixtures.templates
    ) throws -> RenderOutcome {
        let memoFolder = try TemporaryDirectory(), plainFolder = try TemporaryDirectory()
        let first = try publish(baseInput(), in: memoFolder.url, templates: firstTemplates)
        var changed = baseInput()
        change(&changed)
        let withMemo = try publish(changed, in: memoFolder.url, templates: templates)
        let full = try publish(changed, in: plainFolder.url, memo: false, templates: templates)
        expectSame(withMemo.files, full.files, label)
        let back = try publish(baseInput(), in: memoFolder.url, templates: firstTemplates)
        expectSame(back.files, first.files, "\(label), the first night's input again")
        let again = try publish(changed, in: memoFolder.url, templates: templates)
        expectSame(again.files, full.files, "\(label), the second night's input again")
        return withMemo.outcome
    }

    static func expectSame(_ site: [String: Data], _ full: [String: Data], _ label: String) {
        #expect(site.keys.sorted() == full.keys.sorted(), "\(label): the same files")
        for (path, data) in full where site[path] != data {
            Issue.record("\(label): \(path) differs from a full render")
        }
    }

    @Test func aNightWithNothingChangedMakesOnlyTheIndex() throws {
        let outcome = try Self.compare(
            { $0.history?.counts = ["swift": [90, 100, 100], "rust": [90, 100, 100]] }, label: "nothing")
        #expect(outcome.itemsMade == 1, "the index, whose trend charts grew a point; made \(outcome.itemsMade)")
        #expect(outcome.eventsRendered == 0 && outcome.itemsReused > 150, "\(outcome)")
    }

    @Test func oneChangedEventRemakesThePagesThatShowItAndNothingElse() throws {
        let outcome = try Self.compare(
            { input in
                guard case .succeeded(var events) = input.fetched.outcomes[0].outcome else { return }
                events[70].title = "Moved upstairs"
                input.fetched.outcomes[0].outcome = .succeeded(events: events)
                guard case .succeeded(var other) = input.fetched.outcomes[1].outcome else { return }
                other[20].title = "Moved upstairs"
                input.fetched.outcomes[1].outcome = .succeeded(events: other)
            }, label: "one title")
        #expect(outcome.eventsRendered == 1, "\(outcome)")
        // Its calendar, events.json, the index and site feed, All events, its month page,
        // both queries' pages (2 each, the feeds with the first), its group's page, its own page, archive.json.
        #expect(outcome.itemsMade <= 14, "\(outcome.itemsMade) made, \(outcome.itemsReused) reused")
    }

    @Test(arguments: [
        "description", "removed", "added", "new", "firstSeen", "thumbnail", "title", "moment", "note", "changes",
        "stale", "pinned", "changeDays", "queryTitle", "pastGoing", "groupGone", "groupRenamed", "pastCity",
        "pastOnline", "pastGroupName", "pastCancelled", "monthEnd", "quarterEnd", "noArchive",
    ])
    func everyKindOfChangeGivesTheFullRendersBytes(_ change: String) throws {
        _ = try Self.compare(
            { input in
                guard case .succeeded(var events) = input.fetched.outcomes[0].outcome else { return }
                switch change {
                case "description": events[3].description = "Now **with** a [link](https://example.org/new)."
                case "removed": events.remove(at: 61)
                case "added":
                    events.append(
                        Event(id: "new", title: "New one", start: ISO8601.parseDateTime("2026-12-05T18:00:00+01:00")!))
                case "new": input.history?.newEventIDs = ["e5"]
                case "firstSeen": input.history?.firstSeen = ["e6": ISO8601.parseDateTime("2026-11-01T08:00:00Z")!.date]
                case "thumbnail":
                    input.thumbnails[URL(string: "https://photos.example.org/3.jpg")!] = Thumbnail(
                        file: URL(fileURLWithPath: "/dev/null"), size: PixelSize(width: 320, height: 200),
                        publishedName: "three.jpg")
                case "title": input.settings.title = "Renamed site"
                case "moment": input.generatedAt = input.generatedAt.addingTimeInterval(86_400)
                // A group page's year and quarter are worked out from the night (`GroupPage`).
                case "monthEnd": input.generatedAt = input.generatedAt.addingTimeInterval(9 * 86_400)
                case "quarterEnd": input.generatedAt = input.generatedAt.addingTimeInterval(41 * 86_400)
                case "note": input.settings.notes = ["e8": "Bring *snacks*."]
                case "pinned": input.settings.pinned = ["e12"]
                case "changeDays": input.settings.changeDays = 1
                case "queryTitle": input.settings.queries[0].title = "Swift, renamed"
                case "pastGoing": input.record?.events[5].going = 999
                // What a backfill corrects in an event already in the record: its place, its group's name.
                case "pastCity": input.record?.events[5].city = "Potsdam"
                case "pastOnline": input.record?.events[6].isOnline = true
                case "pastGroupName": input.record?.events[7].group?.name = "Group 3, renamed"
                case "pastCancelled": input.record?.events[9].isCancelled = true
                case "groupGone": input.record?.groups[1].goneSince = RenderMemoTests.night
                case "groupRenamed": input.record?.groups[2].formerUrlnames = ["g-old"]
                // Every page's menu links the archive only while the record holds a past event.
                case "noArchive": input.record?.events = []
                case "changes":
                    input.history?.changes = [
                        HistoryChange(
                            kind: .moved, eventID: "e9", title: "Was elsewhere", noticedAt: RenderMemoTests.night,
                            oldStart: events[9].start, newStart: events[10].start,
                            oldPlace: EventPlace(venueName: "Old hall", city: "Berlin", isOnline: false),
                            newPlace: EventPlace(venueName: "New hall", city: "Berlin", isOnline: false),
                            url: nil, queryIDs: ["swift"])
                    ]
                case "stale":
                    input.fetched.outcomes[1].outcome = .stale(
                        events: events, since: RenderMemoTests.night.addingTimeInterval(-86_400),
                        error: .httpStatus(query: "rust", page: 1, status: 503))
                default: Issue.record("unknown change \(change)")
                }
                input.fetched.outcomes[0].outcome = .succeeded(events: events)
            }, label: change)
    }

    /// A night's digest page is an item of its own: kept, it is not laid out again.
    @Test func aNightsDigestPageIsAnItemOfItsOwn() throws {
        let night = Self.baseInput()
        let entries = ["2026-11-22", "2026-11-21"].map { day in
            DigestArchive.Entry(
                day: day, date: night.generatedAt, title: "Digest \(day)", markdown: "# \(day)\n",
                pageMarkdown: "# \(day)\n", isQuiet: false, window: .init(since: night.generatedAt, inclusive: true))
        }
        struct KeepTheNightBefore: RenderReuse {
            func reuse(_ item: RenderItem) -> Bool { item.id == "digests/2026-11-21" }
        }
        let written = LockedBox<[String]>([])
        let outcome = SiteRenderer(
            templates: try SiteTemplates(directory: Fixtures.templates),
            extraGenerators: [DigestFiles(archive: entries)]
        ).render(night, reuse: KeepTheNightBefore(), artefacts: EventArtefactSet()) { _, file in
            written.withLock { $0.append(file.path) }
        }
        let paths = Set(written.withLock { $0 })
        #expect(paths.isSuperset(of: ["digest.html", "digests/2026-11-22.html", "digests/index.html", "digest.atom"]))
        #expect(!paths.contains("digests/2026-11-21.html") && !paths.contains("digests/2026-11-21.md"))
        #expect(outcome.itemsReused == 1)
    }

    /// The archive's pages are items of the memo, each keyed by its Markdown: kept, none is
    /// laid out again (every year's pages were, every night).
    @Test func theArchivesPagesAreItemsOfTheirOwn() throws {
        struct KeepTheArchive: RenderReuse {
            func reuse(_ item: RenderItem) -> Bool { item.id.hasPrefix("archive/") }
        }
        let written = LockedBox<[String]>([])
        let outcome = SiteRenderer(templates: try SiteTemplates(directory: Fixtures.templates)).render(
            Self.baseInput(), reuse: KeepTheArchive(), artefacts: EventArtefactSet()
        ) { _, file in written.withLock { $0.append(file.path) } }
        #expect(!written.withLock { $0 }.contains { $0.hasPrefix("archive/") })
        #expect(outcome.itemsReused >= 2, "the index and a year at least: \(outcome.itemsReused)")
        let everything = LockedBox<[String]>([])
        _ = SiteRenderer(templates: try SiteTemplates(directory: Fixtures.templates)).render(
            Self.baseInput(), reuse: RenderEverything(), artefacts: EventArtefactSet()
        ) { _, file in everything.withLock { $0.append(file.path) } }
        #expect(everything.withLock { $0 }.contains("archive/index.html"))
    }

    @Test func changedTemplatesRemakeEverything() throws {
        let folder = try TemporaryDirectory()
        let templates = folder.path("Templates")
        try FileManager.default.copyItem(at: Fixtures.templates, to: templates)
        let block = templates.appendingPathComponent("event.md.mustache")
        try (String(contentsOf: block, encoding: .utf8) + "\nEdited.\n").write(
            to: block, atomically: true, encoding: .utf8)
        let outcome = try Self.compare({ _ in }, label: "templates", templates: templates)
        #expect(outcome.itemsReused == 0 && outcome.eventsRendered == 150, "\(outcome)")
    }
}
