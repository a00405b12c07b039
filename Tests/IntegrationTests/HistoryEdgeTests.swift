import Foundation
import GRDB
import LoopbackServer
@testable import MeetupHistory
import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// History across a failed night, a returning event, and
/// an offline re-render that must show what the last run showed.
extension LoopbackSuites {
    @Suite("Run history: failed nights, returning events, offline re-renders")
    struct HistoryEdgeTests {
        static let day: TimeInterval = 86_400

        func run(_ harness: PipelineHarness, night: Int, offline: Bool = false) async -> RunSummary {
            await harness.run(
                harness.config(history: true),
                options: RunOptions(
                    now: PipelineHarness.now.addingTimeInterval(Double(night) * Self.day), offline: offline))
        }

        /// The rust query without "Embedded Rust" (202, on 9 December: still to come).
        func dropEmbeddedRust(_ harness: PipelineHarness) throws {
            harness.server.setPages(
                [
                    try Fixtures.page(
                        [
                            Fixtures.node(
                                id: "500", title: "Rust & Swift interop", dateTime: "2026-12-03T19:00:00+01:00",
                                groupName: "Swift Berlin",
                                groupPhoto: harness.photoURL("group-a.jpg")),
                            Fixtures.node(
                                id: "201", title: "Rust meetup", dateTime: "2026-12-02T19:00:00+01:00",
                                groupName: "Rust Berlin",
                                groupPhoto: harness.photoURL("group-a.jpg")),
                        ], endCursor: nil)
                ], forKeyword: "rust")
        }

        static let removedEmbeddedRust =
            "<strong>Cancelled or removed:</strong> <a href=\"https://www.meetup.com/x/events/202/\">Embedded Rust</a>"

        @Test func aRemovalAcrossAFailedNightIsReported() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await run(harness, night: 0).succeeded)
            harness.server.setPageFault(.status(500), keyword: "rust", page: 1)
            let failed = await run(harness, night: 1)
            #expect(failed.staleSince["rust"] != nil, "\(failed.line)")

            harness.server.setPageFault(nil, keyword: "rust", page: 1)
            try dropEmbeddedRust(harness)
            #expect(await run(harness, night: 2).succeeded)
            let rust = try harness.page("queries/rust.html")
            #expect(rust.contains(Self.removedEmbeddedRust), "\(rust)")
        }

        @Test func aReturningEventIsUpcomingAndNotRemoved() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await run(harness, night: 0).succeeded)
            try dropEmbeddedRust(harness)
            #expect(await run(harness, night: 1).succeeded)
            #expect(
                try harness.page("queries/rust.html").contains(Self.removedEmbeddedRust), "gone for a night: reported")

            // Night 2: the original pages again, 202 included.
            try harness.loadData()
            #expect(await run(harness, night: 2).succeeded)
            let rust = try harness.page("queries/rust.html")
            #expect(rust.contains(">Embedded Rust</a>"), "listed as upcoming again")
            #expect(!rust.contains("Cancelled or removed"), "\(rust)")
        }

        @Test func anOfflineReRenderShowsWhatTheLastRunShowed() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await run(harness, night: 0).succeeded)
            try dropEmbeddedRust(harness)
            // Night 1 also brings a new online event, so there is a New marker to keep.
            harness.server.setPages(
                [
                    try Fixtures.page(
                        [
                            Fixtures.node(
                                id: "301", title: "AI online", dateTime: "2026-12-04T17:00:00Z", venue: nil,
                                online: true, groupName: "AI Builders"),
                            Fixtures.node(
                                id: "303", title: "Brand new online", dateTime: "2026-12-08T17:00:00Z", venue: nil,
                                online: true),
                        ], endCursor: nil)
                ], forKeyword: "online")
            #expect(await run(harness, night: 1).succeeded)
            let online = PipelineHarness.tree(harness.outputDirectory)
            #expect(String(decoding: online["/queries/online.html"] ?? Data(), as: UTF8.self).contains("New:"))
            #expect(
                String(decoding: online["/queries/rust.html"] ?? Data(), as: UTF8.self).contains(
                    Self.removedEmbeddedRust))

            let offline = await run(harness, night: 1, offline: true)
            #expect(offline.published, "\(offline.line)")
            let replayed = PipelineHarness.tree(harness.outputDirectory)
            for page in [
                "/index.html", "/index.md", "/queries/online.html", "/queries/rust.html", "/charts/rust.svg",
                "/queries/online.atom",
            ] {
                #expect(replayed[page] == online[page], "\(page) differs offline")
            }
        }

        /// Found at W1 size: two runs at the same `--now` (a re-run, the benchmark, `make
        /// demo` twice) then `--offline` marked every event New, because each was first seen at the
        /// last run's moment; the last run had marked none.
        @Test func anOfflineReRenderAfterTwoRunsAtTheSameMomentMarksNothingNew() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await run(harness, night: 0).succeeded)
            #expect(await run(harness, night: 0).succeeded)
            let online = PipelineHarness.tree(harness.outputDirectory)
            #expect(!String(decoding: online["/queries/online.html"] ?? Data(), as: UTF8.self).contains("New:"))
            let offline = await run(harness, night: 0, offline: true)
            #expect(offline.published, "\(offline.line)")
            let replayed = PipelineHarness.tree(harness.outputDirectory)
            for page in ["/index.html", "/queries/online.html", "/queries/rust.html", "/all.html"] {
                #expect(replayed[page] == online[page], "\(page) differs offline")
            }
        }

        /// Found on the W2 snapshot site: each re-run at the same `--now` stored the changes it read
        /// back at that moment again, so they doubled with every re-run (21 removals, 172,032 rows).
        @Test func reRunsAtTheSameMomentKeepEachChangeOnce() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await run(harness, night: 0).succeeded)
            try dropEmbeddedRust(harness)
            for _ in 0..<3 { #expect(await run(harness, night: 1).succeeded) }
            let store = try HistoryStore(
                path: HistoryStore.defaultPath(stateDirectory: harness.config().stateDirectory))
            let rows = try await store.database.read { db in
                try Int.fetchAll(db, sql: "SELECT COUNT(*) FROM change GROUP BY at, kind, eventId")
            }
            #expect(rows == [1], "one removal, kept once")
            let rust = try harness.page("queries/rust.html")
            #expect(rust.components(separatedBy: Self.removedEmbeddedRust).count == 2, "\(rust)")
        }

        /// A history that already holds such copies keeps one of each when it is opened.
        @Test func copiesOfAChangeAreDroppedWhenTheHistoryIsOpened() throws {
            let folder = try TemporaryDirectory()
            let path = folder.path("history.sqlite")
            let database = try DatabaseQueue(path: path.path)
            try HistoryStore.migrator.migrate(database, upTo: "v6: the archive")
            try database.write { db in
                for (at, kind, id) in [
                    (1.0, "removed", "a"), (1, "removed", "a"), (1, "moved", "a"), (2, "removed", "a"),
                ] {
                    try db.execute(
                        sql: """
                            INSERT INTO change (at, kind, eventId, title, oldStart, oldOffset, oldVenue, queryIds)
                            VALUES (?, ?, ?, 'T', 0, 0, '', 'q')
                            """, arguments: [at, kind, id])
                }
            }
            try database.close()
            let store = try HistoryStore(path: path)
            let kept = try store.database.read { db in
                try Row.fetchAll(db, sql: "SELECT at, kind FROM change ORDER BY id").map {
                    "\($0["at"] as Double) \($0["kind"] as String)"
                }
            }
            #expect(kept == ["1.0 removed", "1.0 moved", "2.0 removed"])
        }

        /// Places are stored as data; rows from before (display text only) compare as text
        /// once, so upgrading marks nothing as moved.
        @Test func historyFromBeforePlacesWereStoredMarksNothingMoved() async throws {
            let harness = try await PipelineHarness.start()
            #expect(await run(harness, night: 0).succeeded)
            let database = HistoryStore.defaultPath(stateDirectory: harness.config().stateDirectory)
            let store = try HistoryStore(path: database)
            try await store.database.write { db in
                // What version 1 wrote: the text the pages showed, no place data.
                for row in try Row.fetchAll(db, sql: "SELECT id FROM event") {
                    let id: String = row["id"]
                    let text =
                        ["301", "302"].contains(id)
                        ? "Online" : (id == "202" ? "Location to be announced" : "Factory Berlin, Berlin")
                    try db.execute(sql: "UPDATE event SET place = NULL, venue = ? WHERE id = ?", arguments: [text, id])
                }
            }
            #expect(await run(harness, night: 1).succeeded)
            for page in ["swift", "rust", "online"] {
                #expect(try !harness.page("queries/\(page).html").contains("Moved:"), "\(page)")
            }
            let places = try await store.database.read { db in
                try String.fetchAll(db, sql: "SELECT place FROM event WHERE place IS NOT NULL")
            }
            #expect(
                places.count == 9 && places.contains(#"{"city":"Berlin","online":false,"venue":"Factory Berlin"}"#),
                "\(places)")
        }
    }
}
