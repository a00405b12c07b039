import Foundation
import GRDB
import LoopbackServer
@testable import MeetupConfig
@testable import MeetupHistory
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Collects warnings, for tests that expect one.
final class RecordingObserver: RunObserver {
    private let collected = LockedBox([String]())
    var warnings: [String] { collected.withLock { $0 } }
    func stageStarted(_ stage: RunStage, total: Int) {}
    func queryFinished(_ query: EventQuery, outcome: QueryOutcome) {}
    func photoProgress(_ progress: PhotoProgress) {}
    func warning(_ message: String) { collected.withLock { $0.append(message) } }
}

extension LoopbackSuites {
    @Suite("Run history: new, moved, removed, trends")
    struct HistoryTests {
        static let day: TimeInterval = 86_400

        func run(
            _ harness: PipelineHarness, _ config: ReportConfig, now: Date, reset: Bool = false,
            observer: RecordingObserver = RecordingObserver()
        ) async -> RunSummary {
            await harness.run(config, options: RunOptions(now: now, resetHistory: reset), observer: observer)
        }

        @Test func secondRunMarksNewMovedAndRemovedAndChartsTheCounts() async throws {
            let harness = try await PipelineHarness.start()
            let config = harness.config(history: true)
            let first = await run(harness, config, now: PipelineHarness.now)
            #expect(first.succeeded)
            #expect(try !harness.page("queries/swift.html").contains("New:"), "nothing is new on the first run")
            #expect(try !harness.page("index.html").contains("<svg"), "one run is no trend")

            try harness.loadSecondNight(
                newEvent: Fixtures.node(id: "105", title: "Brand new meetup", dateTime: "2026-12-06T18:00:00+01:00"))
            let secondNow = PipelineHarness.now.addingTimeInterval(Self.day)
            #expect(await run(harness, config, now: secondNow).succeeded)

            let swift = try harness.page("queries/swift.html")
            #expect(swift.occurrences(of: "🆕 <strong>New:</strong>") == 1)
            #expect(
                swift.contains(
                    "🆕 <strong>New:</strong> <a href=\"../events/105.html\">Brand new meetup</a>"))
            #expect(swift.contains("<h2>Changed in the last 7 days</h2>"))
            #expect(
                swift.contains(
                    "<strong>Cancelled or removed:</strong> <a href=\"https://www.meetup.com/x/events/103/\">Broken photo</a> — was Wed 2 Dec, 18:00 (UTC+01:00) · Factory Berlin, Berlin"
                ))
            let rust = try harness.page("queries/rust.html")
            #expect(
                rust.contains(
                    "<strong>Moved:</strong> <a href=\"https://www.meetup.com/x/events/201/\">Rust meetup</a> — was Wed 2 Dec, 19:00 (UTC+01:00) · Factory Berlin, Berlin, now Thu 3 Dec, 19:00 (UTC+01:00) · Factory Berlin, Berlin"
                ))
            #expect(!rust.contains("Cancelled or removed"), "the rust query lost nothing")

            let index = try harness.page("index.html")
            #expect(index.occurrences(of: "<svg class=\"trend\"") == 3, "a chart per query, inline")
            #expect(index.contains("aria-label=\"Swift: events found in the last 2 runs\""))
            let indexMarkdown = try harness.page("index.md")
            #expect(indexMarkdown.contains("Events found in the last 2 runs: 5, 5"), "swift lost one and gained one")
            #expect(
                FileManager.default.fileExists(
                    atPath: harness.outputDirectory.appendingPathComponent("charts/rust.svg").path))

            // The feed dates each entry by when it was first seen.
            let feed = try harness.page("queries/swift.atom")
            #expect(
                feed.contains(
                    "<id>urn:meetup-report:event:105</id>\n<title type=\"text\">Brand new meetup</title>\n<link rel=\"alternate\" type=\"text/html\" href=\"https://www.meetup.com/x/events/105/\"/>\n<published>2026-11-23T08:00:00Z</published>"
                ))
            #expect(
                feed.contains("<id>urn:meetup-report:event:101</id>")
                    && feed.contains("<published>2026-11-22T08:00:00Z</published>"))

            // The same night again (a re-run with the same --now): the same two points, not three.
            let chart = try harness.page("charts/swift.svg")
            #expect(await run(harness, config, now: secondNow).succeeded)
            #expect(try harness.page("index.md").contains("Events found in the last 2 runs: 5, 5"))
            #expect(try harness.page("charts/swift.svg") == chart)
            #expect(try harness.page("queries/swift.html") == swift, "105 is still new")

            // A third run a week later still lists the changes; one after changeDays does not.
            let third = await run(harness, config, now: PipelineHarness.now.addingTimeInterval(3 * Self.day))
            #expect(third.succeeded)
            #expect(try harness.page("queries/swift.html").contains("Broken photo"))
            #expect(try !harness.page("queries/swift.html").contains("New:"), "105 is no longer new")
            _ = await run(harness, config, now: PipelineHarness.now.addingTimeInterval(10 * Self.day))
            #expect(try !harness.page("queries/swift.html").contains("Changed in the last"))
            let fourth = try harness.page("index.md")
            // On 2 December, the two events of 1 December are over: 3 upcoming.
            #expect(fourth.contains("Events found in the last 4 runs: 5, 5, 5, 3"), "\(fourth)")
        }

        @Test func aCorruptDatabaseIsReportedAndTheSiteStillBuilds() async throws {
            let harness = try await PipelineHarness.start()
            let config = harness.config(history: true)
            let database = HistoryStore.defaultPath(stateDirectory: config.stateDirectory)
            try FileManager.default.createDirectory(at: config.stateDirectory, withIntermediateDirectories: true)
            try Data(repeating: 0x42, count: 4096).write(to: database)

            let observer = RecordingObserver()
            let summary = await run(harness, config, now: PipelineHarness.now, observer: observer)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(try harness.page("index.html").contains("Test &amp; &lt;Meetups&gt;"))
            #expect(
                observer.warnings.contains {
                    $0.contains("history database \(database.path) is unreadable") && $0.contains("--reset-history")
                },
                "\(observer.warnings)")

            let resetObserver = RecordingObserver()
            #expect(
                await run(harness, config, now: PipelineHarness.now, reset: true, observer: resetObserver).succeeded)
            #expect(!resetObserver.warnings.contains { $0.contains("history") }, "\(resetObserver.warnings)")
            #expect(try HistoryStore(path: database).fileSize > 0)
        }

        @Test func historyOlderThanTheRetentionIsPruned() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config(history: true)
            config.history.retentionDays = 30
            for night in 0..<3 {
                _ = await run(harness, config, now: PipelineHarness.now.addingTimeInterval(Double(night) * Self.day))
            }
            #expect(try harness.page("index.md").contains("last 3 runs"))
            // 40 days on, the three old runs are past retention: the chart starts over.
            _ = await run(harness, config, now: PipelineHarness.now.addingTimeInterval(40 * Self.day))
            _ = await run(harness, config, now: PipelineHarness.now.addingTimeInterval(41 * Self.day))
            #expect(try harness.page("index.md").contains("last 2 runs"))
        }

        /// Meetup's `id` is unstable (a recurring event that has seen activity may change
        /// it), its `token` is not. A history from before tokens carries over; then the event's id
        /// changes; nothing is new or removed, and the pin and the note written for its first id hold.
        @Test func aRecurringEventWhoseMeetupIdChangesKeepsItsHistoryPinAndNote() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config(history: true)
            config.curation.pinned = ["100"]
            config.curation.notes = ["100": "Bring a laptop"]
            func serve(id: String, token: String?) throws {
                harness.server.setPages(
                    [
                        try Fixtures.page(
                            [
                                Fixtures.node(
                                    id: id, title: "Monthly hack night",
                                    dateTime: "2026-12-10T18:00:00+01:00", token: token)
                            ],
                            endCursor: nil)
                    ], forKeyword: "swift")
            }
            func expectUnchanged(_ night: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
                let page = try harness.page("queries/swift.html")
                #expect(
                    page.contains("Monthly hack night") && !page.contains("New:")
                        && !page.contains("Cancelled or removed"),
                    "\(night): \(page)", sourceLocation: sourceLocation)
                let index = try harness.page("index.html")
                #expect(
                    index.contains("Pinned") && index.contains("Bring a laptop"), "\(night): the pin and the note hold",
                    sourceLocation: sourceLocation)
            }
            try serve(id: "100", token: nil)
            #expect(await run(harness, config, now: PipelineHarness.now).succeeded)
            try expectUnchanged("before tokens")
            try serve(id: "100", token: "tok-hack")
            let observer = RecordingObserver()
            #expect(
                await run(harness, config, now: PipelineHarness.now.addingTimeInterval(Self.day), observer: observer)
                    .succeeded)
            #expect(observer.warnings.isEmpty, "\(observer.warnings)")
            try expectUnchanged("the first night with its token")
            try serve(id: "200", token: "tok-hack")
            #expect(await run(harness, config, now: PipelineHarness.now.addingTimeInterval(2 * Self.day)).succeeded)
            try expectUnchanged("its Meetup id changed")
            #expect(
                try harness.page("queries/swift.html").contains("www.meetup.com/x/events/200/"),
                "links are Meetup's, with tonight's id")
        }

        /// State is not cache: deleting the cache costs downloads, never the history.
        @Test func theHistorySurvivesDeletingTheCache() async throws {
            let harness = try await PipelineHarness.start()
            let config = harness.config(history: true)
            #expect(await run(harness, config, now: PipelineHarness.now).succeeded)
            try FileManager.default.removeItem(at: config.cacheDirectory)
            #expect(await run(harness, config, now: PipelineHarness.now.addingTimeInterval(Self.day)).succeeded)
            #expect(try harness.page("index.html").contains("<svg"), "two runs in the history: the trend is drawn")
            #expect(FileManager.default.fileExists(atPath: StateFolder.history(config.stateDirectory).path))
        }

        /// A history and digests an earlier version kept in the cache move to the state folder, once.
        @Test func aHistoryKeptInTheCacheMovesToTheStateFolder() async throws {
            let harness = try await PipelineHarness.start()
            let config = harness.config(history: true)
            #expect(await run(harness, config, now: PipelineHarness.now).succeeded)
            let manager = FileManager.default
            try manager.createDirectory(at: config.cacheDirectory, withIntermediateDirectories: true)
            for name in try manager.contentsOfDirectory(atPath: config.stateDirectory.path) {
                try manager.moveItem(
                    at: config.stateDirectory.appendingPathComponent(name),
                    to: config.cacheDirectory.appendingPathComponent(name))
            }
            let observer = RecordingObserver()
            #expect(
                await run(harness, config, now: PipelineHarness.now.addingTimeInterval(Self.day), observer: observer)
                    .succeeded)
            #expect(
                observer.warnings.contains { $0.hasPrefix("history.sqlite moved from the cache to the state folder") },
                "\(observer.warnings)")
            #expect(try harness.page("index.html").contains("<svg"), "the moved history is the one read")
            #expect(!manager.fileExists(atPath: config.cacheDirectory.appendingPathComponent("history.sqlite").path))
        }

        /// A night on which the lists are as they were writes no event and no membership: each
        /// written event's `lastSeen` and each membership's run would say so.
        @Test func aNightWithTheSameListsWritesNoEventAndNoMembership() async throws {
            let harness = try await PipelineHarness.start()
            let config = harness.config(history: true)
            #expect(await run(harness, config, now: PipelineHarness.now).succeeded)
            #expect(await run(harness, config, now: PipelineHarness.now.addingTimeInterval(Self.day)).succeeded)
            let store = try HistoryStore(path: StateFolder.history(config.stateDirectory))
            let (events, written, memberships, added) = try await store.database.read { db in
                (
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") ?? 0,
                    try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM event WHERE lastSeen > ?",
                        arguments: [PipelineHarness.now.timeIntervalSince1970]) ?? -1,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM eventQuery") ?? 0,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM eventQuery WHERE addedRunId > 1") ?? -1
                )
            }
            #expect(events > 0 && memberships > 0)
            #expect(written == 0, "events written on the second night")
            #expect(added == 0, "memberships written on the second night")
        }

        /// A history from before v8 kept every night's memberships; only the last successful
        /// published run's are each query's list.
        @Test func theMigrationKeepsEachQuerysLastList() throws {
            let folder = try TemporaryDirectory()
            let database = try DatabaseQueue(path: folder.path("history.sqlite").path)
            try HistoryStore.migrator.migrate(database, upTo: "v7: a change kept once")
            try database.write { db in
                try db.execute(sql: "INSERT INTO run (id, at, published) VALUES (1, 1, 1), (2, 2, 1), (3, 3, 0)")
                try db.execute(
                    sql: "INSERT INTO runQuery VALUES (1, 'q', 1, 'ok'), (2, 'q', 1, 'ok'), (3, 'q', 1, 'ok')")
                for id in ["a", "b", "c"] {
                    try db.execute(
                        sql: "INSERT INTO event (id, firstSeen, lastSeen, title, start, utcOffset, venue) "
                            + "VALUES (?, 1, 2, ?, 9, 0, '')", arguments: [id, id])
                }
                // a: listed by the first run only; b: by the last published one; c: by the unpublished one.
                try db.execute(
                    sql: "INSERT INTO eventQuery (eventId, queryId, lastSeenRunId) "
                        + "VALUES ('a', 'q', 1), ('b', 'q', 2), ('c', 'q', 3)")
            }
            try HistoryStore.migrator.migrate(database)
            let listed = try database.read { db in try String.fetchAll(db, sql: "SELECT eventId FROM eventQuery") }
            #expect(listed == ["b"])
        }

        /// The Meetup ids kept for pins and notes go with their events at the retention's end.
        @Test func anEventsFormerIdsAreForgottenWithIt() async throws {
            let harness = try await PipelineHarness.start()
            let config = harness.config(history: true)
            harness.server.setPages(
                [
                    try Fixtures.page(
                        [
                            Fixtures.node(
                                id: "100", title: "Hack night", dateTime: "2026-12-10T18:00:00+01:00", token: "tok")
                        ],
                        endCursor: nil)
                ], forKeyword: "swift")
            #expect(await run(harness, config, now: PipelineHarness.now).succeeded)
            let store = try HistoryStore(path: StateFolder.history(config.stateDirectory))
            let aliases = {
                try store.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM eventAlias") }
            }
            #expect(try aliases() == 1)
            harness.server.setPages([try Fixtures.page([], endCursor: nil)], forKeyword: "swift")
            let later = PipelineHarness.now.addingTimeInterval(Double(config.history.retentionDays + 30) * Self.day)
            #expect(await run(harness, config, now: later).succeeded)
            #expect(try aliases() == 0, "the event is past the retention, and so are its names")
        }
    }
}
