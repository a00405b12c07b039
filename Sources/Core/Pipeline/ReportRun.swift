import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupConfig
import MeetupNetwork
import MeetupPhotos
import MeetupSupport

/// One run of the batch pipeline, and the one place that lists its steps:
///
///     fetch → backfill → history → curate → groups → photos → recording → digest → stage
///     → search (beside the render) → render → publish (the manifest saved beside the rest)
///     → publishCommand → sweep (beside the rest) → record → deliverDigest
///
/// What a step leaves going beside the later ones is its `BesideWork`, waited for by the runner;
/// a night that will not publish removes its staging folder once nothing writes into it.
///
/// The environment (sources, caches, the photo pipeline) is built once from the
/// config (`RunEnvironment`); the steps share a context; `StepRunner` times them,
/// reports their stages and keeps the first abort reason.
package struct ReportRun: Sendable {
    package let config: ReportConfig
    /// Nil for a command that renders nothing (`backfill`).
    package let templatesDirectory: URL?
    package let options: RunOptions
    package let environment: [String: String]
    package let observer: any RunObserver
    package let thumbnailer: any Thumbnailing
    /// When retries run; tests pass one that runs them at once and records the waits.
    package let retryScheduler: any RetryScheduler
    /// The wall clock, for network time only: token expiry and JWT claims, photo
    /// freshness (`Expires`, `max-age`) and HTTP-date `Retry-After` headers. Never
    /// `now`: a report run "as of" another day still talks to servers today.
    package let clock: @Sendable () -> Date

    package init(
        config: ReportConfig, templatesDirectory: URL?, options: RunOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        observer: any RunObserver = SilentObserver(), thumbnailer: (any Thumbnailing)? = nil,
        retryScheduler: any RetryScheduler = DispatchRetryScheduler(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.config = config
        self.templatesDirectory = templatesDirectory
        self.options = options
        self.environment = environment
        self.observer = observer
        self.thumbnailer = thumbnailer ?? VipsThumbnailer(maximumPixels: UInt64(config.limits.maxPhotoPixels))
        self.retryScheduler = retryScheduler
        self.clock = clock
    }

    /// The steps of every run, in order.
    static let steps: [any RunStep] = [
        FetchStep(), BackfillStep(), HistoryReportStep(), CurateStep(), GroupsReportStep(), PhotosStep(),
        FinishRecordingStep(),
        DigestStep(), StageStep(), SearchIndexStep(), RenderStep(), PublishStep(), PublishCommandStep(),
        SweepCacheStep(), RecordHistoryStep(), DeliverDigestStep(),
    ]

    /// The steps' names in the order they run (their `--stats` figures are named for them).
    package static var stepNames: [String] { steps.map(\.name) }

    /// Runs every step. Never throws: whatever happens ends in a summary, and unless
    /// the site was published, the previous one is untouched.
    package func run() -> RunSummary {
        let started = ContinuousClock.now
        let startedAt = clock()
        // Every secret the run knows or learns (tokens, client secret, assertions) is
        // kept out of whatever it logs, stores or renders.
        let redactor = SecretRedactor()
        if case .meetupAPI(_, .token(let variable)) = config.source { redactor.add([environment[variable] ?? ""]) }
        let observer = RedactingObserver(wrapped: self.observer, redactor: redactor)

        var context = RunContext()
        do throws(RunAbort) {
            // Held until the steps are done; overlapping runs refuse instead of interleaving.
            let locks = try acquireLocks(observer: observer)
            let environment = try makeEnvironment(observer: observer, redactor: redactor)
            StepRunner(steps: Self.steps).run(&context, in: environment)
            if context.isAborted, let staging = context.staging { environment.publisher.discard(staging) }
            withExtendedLifetime(locks) {}
        } catch {
            context.summary.abortReason = error.reason
        }
        context.summary.abortReason = context.summary.abortReason.map(redactor.redact)
        context.summary.seconds = StepRunner.seconds(since: started)
        context.summary.startedAt = startedAt
        let summary = context.summary
        // What the night held (its events, the record, the memo) is freed beside the summary's
        // writing and the process's exit: freed on this thread, it was 0.1 s of W2's next night
        // after its last step (perf).
        ProcessMemory.free(beside: &context, leaving: RunContext())
        if let file = options.statisticsFile { writeStatistics(summary, to: file, observer: observer) }
        if let file = config.metricsFile {
            MetricsFile.write(summary, to: file, finishedAt: clock(), observer: observer)
        }
        return summary
    }

    private func acquireLocks(observer: any RunObserver) throws(RunAbort) -> [RunLock] {
        do {
            return try RunLock.acquire(for: config, onWait: { observer.warning($0) })
        } catch {
            throw RunAbort(reason: error.description)
        }
    }

    /// `--stats`: the run's figures as one JSON object; a file that cannot be written is a warning.
    private func writeStatistics(_ summary: RunSummary, to file: URL, observer: any RunObserver) {
        let figures = JSONValue.object(summary.statistics.mapValues { .number($0) })
        do {
            try FileOperations.writeAtomically(Data(figures.serialized().utf8), to: file)
        } catch {
            observer.warning("cannot write the statistics to \(file.path): \(error.localizedDescription)")
        }
    }
}
