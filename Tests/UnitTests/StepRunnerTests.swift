import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `StepRunner`: the first abort skips the rest but the steps that must run, and keeps its reason.
@Suite("Step runner")
struct StepRunnerTests {
    /// A step that records that it ran, whether the run was aborted then, and may abort.
    struct ProbeStep: RunStep {
        let name: String
        var aborts: String?
        var runsAfterAbort = false
        var beside: BesideWork?
        let log: LockedBox<[String]>

        func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
            log.withLock { $0.append(name + (context.isAborted ? " (after abort)" : "")) }
            if let aborts { throw RunAbort(reason: aborts) }
        }

        func finishBeside(_ context: inout RunContext, in environment: RunEnvironment) {
            log.withLock { $0.append(name + " finished" + (context.isAborted ? " (after abort)" : "")) }
        }
    }
    /// An environment for steps that use none of it: a snapshot config in a temp folder.
    static func environment(in folder: TemporaryDirectory) throws -> RunEnvironment {
        let config = ReportConfig(
            siteTitle: "T", baseURL: URL(string: "https://example.org/")!, timeZone: TimeZone(identifier: "UTC")!,
            source: .snapshot(directory: folder.path("snapshot")),
            queries: [EventQuery(id: "q", keyword: "k", latitude: 0, longitude: 0)],
            outputDirectory: folder.path("Output"), cacheDirectory: folder.path("cache"))
        let run = ReportRun(
            config: config, templatesDirectory: Fixtures.templates,
            options: RunOptions(now: Date(timeIntervalSince1970: 0)))
        return try run.makeEnvironment(observer: SilentObserver(), redactor: SecretRedactor())
    }
    @Test func theFirstAbortSkipsTheRestButTheStepsThatMustRunAndKeepsItsReason() throws {
        let folder = try TemporaryDirectory()
        let log = LockedBox([String]())
        let steps: [any RunStep] = [
            ProbeStep(name: "fetch", log: log),
            ProbeStep(name: "render", aborts: "disk full", log: log),
            ProbeStep(name: "publish", log: log),
            ProbeStep(name: "finishRecording", runsAfterAbort: true, log: log),
            ProbeStep(name: "recordHistory", aborts: "history locked", runsAfterAbort: true, log: log),
        ]
        var context = RunContext()
        StepRunner(steps: steps).run(&context, in: try Self.environment(in: folder))
        #expect(
            log.withLock { $0 } == ["fetch", "render", "finishRecording (after abort)", "recordHistory (after abort)"])
        #expect(context.summary.abortReason == "disk full", "the first reason is kept")
        #expect(
            Set(context.summary.stageSeconds.keys) == ["fetch", "render"],
            "steps after an abort are not timed as stages")
    }

    /// Each timed stage says the process's peak memory so far as it ended (`--stats`), so the
    /// stage that reached the run's peak can be named (`make bench`).
    @Test func eachStageSaysThePeakMemorySoFar() throws {
        let folder = try TemporaryDirectory()
        let log = LockedBox([String]())
        var context = RunContext()
        let steps: [any RunStep] = ["fetch", "render", "publish"].map { ProbeStep(name: $0, log: log) }
        StepRunner(steps: steps).run(&context, in: try Self.environment(in: folder))
        let figures = context.summary.statistics
        let peaks = ["fetch", "render", "publish"].compactMap { figures[$0 + "PeakRSSBytes"] }
        #expect(peaks.count == 3 && peaks.allSatisfy { $0 > 1_000_000 }, "\(peaks)")
        #expect(peaks == peaks.sorted() && (peaks.last ?? 0) <= (figures["peakRSSBytes"] ?? 0))
    }

    /// What a step leaves going is finished just before the step that needs it, or at the
    /// run's end, in the order it started, and timed as its wait; after an abort too, when
    /// the step that needs it does not run.
    @Test func workLeftGoingIsFinishedBeforeTheStepThatNeedsItOrAtTheEnd() throws {
        let folder = try TemporaryDirectory()
        let log = LockedBox([String]())
        func steps(renderAborts: Bool) -> [any RunStep] {
            [
                ProbeStep(name: "search", beside: BesideWork(name: "search", until: "publish"), log: log),
                ProbeStep(name: "sweep", beside: BesideWork(name: "sweep", until: nil), log: log),
                ProbeStep(name: "render", aborts: renderAborts ? "disk full" : nil, log: log),
                ProbeStep(name: "publish", log: log),
                ProbeStep(name: "record", runsAfterAbort: true, log: log),
            ]
        }
        var context = RunContext()
        StepRunner(steps: steps(renderAborts: false)).run(&context, in: try Self.environment(in: folder))
        #expect(
            log.withLock { $0 } == [
                "search", "sweep", "render", "search finished", "publish", "record", "sweep finished",
            ])
        #expect(context.summary.stageSeconds["searchWait"] != nil && context.summary.stageSeconds["sweepWait"] != nil)
        log.withLock { $0 = [] }
        var aborted = RunContext()
        StepRunner(steps: steps(renderAborts: true)).run(&aborted, in: try Self.environment(in: folder))
        #expect(
            log.withLock { $0 } == [
                "search", "sweep", "render", "search finished (after abort)", "record (after abort)",
                "sweep finished (after abort)",
            ])
    }
}
