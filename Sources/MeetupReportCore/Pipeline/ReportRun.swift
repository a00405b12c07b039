import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One run of the batch pipeline, and the one place that lists its stages:
///
///     fetch → photos → render → publish
///
/// Every IO edge (event source, photo fetcher, thumbnailer, clock) is chosen here
/// from the config, so tests run the same code against a loopback server and temp folders.
public struct ReportRun: Sendable {
    public var config: ReportConfig
    public var templatesDirectory: URL
    /// The moment the run considers "now": the search window starts here and the
    /// site says it was generated then. Injected so tests never depend on the date.
    public var now: Date
    public var environment: [String: String]
    public var recordDirectory: URL?
    public var observer: any RunObserver
    public var thumbnailer: any Thumbnailing
    /// When retries run; tests pass one that runs them at once and records the waits.
    public var retryScheduler: any RetryScheduler
    /// The wall clock, only for HTTP-date `Retry-After` headers.
    public var clock: @Sendable () -> Date
    /// Re-render from the last fetched events and cached photos, with no network (`--offline`).
    public var offline: Bool
    /// Delete the run history before this run (`--reset-history`).
    public var resetHistory = false

    public init(config: ReportConfig, templatesDirectory: URL, now: Date,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                recordDirectory: URL? = nil, observer: any RunObserver = SilentObserver(),
                thumbnailer: (any Thumbnailing)? = nil,
                retryScheduler: any RetryScheduler = DispatchRetryScheduler(),
                clock: @escaping @Sendable () -> Date = { Date() }, offline: Bool = false) {
        self.config = config
        self.templatesDirectory = templatesDirectory
        self.now = now
        self.environment = environment
        self.recordDirectory = recordDirectory
        self.observer = observer
        self.thumbnailer = thumbnailer ?? VipsThumbnailer(maximumPixels: UInt64(config.limits.maxPhotoPixels))
        self.retryScheduler = retryScheduler
        self.clock = clock
        self.offline = offline
    }

    /// Runs every stage. Never throws: whatever happens ends in a summary, and
    /// unless the site was published, the previous one is untouched.
    public func run() -> RunSummary {
        // Every secret the run knows or learns (tokens, client secret, assertions) is
        // kept out of whatever it logs, stores or renders.
        let redactor = SecretRedactor()
        if case .meetupAPI(_, .token(let variable)) = config.source { redactor.add([environment[variable] ?? ""]) }
        var summary = runStages(observer: RedactingObserver(wrapped: observer, redactor: redactor), redactor: redactor)
        summary.abortReason = summary.abortReason.map(redactor.redact)
        return summary
    }

    private func runStages(observer: any RunObserver, redactor: SecretRedactor) -> RunSummary {
        let started = ContinuousClock.now
        func elapsed() -> Double {
            let duration = ContinuousClock.now - started
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        var summary = RunSummary(queriesSucceeded: 0, failures: [], staleSince: [:], eventCount: 0, photos: PhotoStatistics(),
                                 published: false, abortReason: nil, seconds: 0)
        let templates: SiteTemplates
        do {
            templates = try SiteTemplates(directory: templatesDirectory)
        } catch {
            summary.abortReason = error.description
            summary.seconds = elapsed()
            return summary
        }

        // Held until this function returns; overlapping runs refuse instead of interleaving.
        let locks: [RunLock]
        do {
            locks = try RunLock.acquire(for: config)
        } catch {
            summary.abortReason = error.description
            summary.seconds = elapsed()
            return summary
        }
        defer { withExtendedLifetime(locks) {} }

        let recorder = recordDirectory.map(SnapshotRecorder.init(directory:))
        let (eventSource, photoFetcher, transport) = makeSources(recorder: recorder, observer: observer, redactor: redactor)
        var stageStarted = ContinuousClock.now
        func endStage(_ name: String) {
            let now = ContinuousClock.now
            let duration = now - stageStarted
            summary.stageSeconds[name] = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            summary.requestsSent = transport?.requestsSent ?? 0
            stageStarted = now
        }

        // Photos start downloading as soon as a query's events are known, so the
        // downloads overlap the rest of the fetch.
        let photoStage = PhotoStage(
            cache: PhotoCache(directory: config.cacheDirectory), fetcher: photoFetcher, thumbnailer: thumbnailer,
            thumbnailWidth: config.thumbnailWidth, concurrency: config.photoConcurrency, recorder: recorder,
            defaultFreshness: config.limits.photoFreshness)
        let photoBatch = photoStage.start(now: now) { observer.photoProgress($0) }
        let now = self.now

        // 1. Fetch
        observer.stageStarted(.fetch, total: config.queries.count)
        let fresh = EventFetcher(source: eventSource).fetchAll(config.queries, now: now) { query, outcome in
            observer.queryFinished(query, outcome: outcome)
            if case .succeeded(let events) = outcome {
                photoBatch.submit(PhotoStage.photoURLs(of: events.filter { $0.isUpcoming(at: now) }))
            }
        }
        // A failed query keeps its last good events (marked stale) rather than vanishing.
        // Offline, the events already are the last good ones: nothing to save or stand in.
        var reconciled = fresh
        if !offline {
            let saveFailures: [String]
            (reconciled, saveFailures) = LastGoodEvents(cacheDirectory: config.cacheDirectory).reconcile(fresh, now: now)
            saveFailures.forEach(observer.warning)
        }
        let fetched = reconciled.upcoming(at: now)
        endStage("fetch")
        let history = openHistory(observer: observer)
        let report = history.flatMap { store -> HistoryReport? in
            do throws(HistoryError) {
                // Offline re-renders show the last run as it was, not a comparison with itself.
                return offline ? try store.replayReport(for: fetched, now: now, settings: config.history)
                    : try store.report(for: fetched, now: now, settings: config.history)
            } catch {
                observer.warning(error.description)
                return nil
            }
        }
        // Offline re-renders do not count as runs.
        func recordRun(published: Bool) {
            guard let history, !offline else { return }
            do throws(HistoryError) {
                try history.record(fetched, report: report ?? HistoryReport(), now: now, published: published, settings: config.history)
            } catch {
                observer.warning(error.description)
            }
        }
        summary.failures = fetched.failures.map(\.error)
        summary.staleSince = Dictionary(uniqueKeysWithValues: fetched.outcomes.compactMap { entry in
            entry.outcome.staleSince.map { (entry.query.id, $0) }
        })
        summary.queriesSucceeded = config.queries.count - summary.failures.count
        summary.eventCount = fetched.distinctEvents.count
        let unrecoverable = fetched.outcomes.filter { if case .failed = $0.outcome { true } else { false } }
        guard unrecoverable.isEmpty else {
            summary.abortReason = unrecoverable.count == 1
                ? "query \(unrecoverable[0].query.id) failed and has no earlier events to show"
                : "\(unrecoverable.count) queries failed and have no earlier events to show"
            _ = photoBatch.finish()
            recordRun(published: false)
            finishRecording(recorder, observer: observer)
            summary.seconds = elapsed()
            return summary
        }

        // 2. Photos: the rest (events of stale queries) join the batch; wait for all.
        observer.stageStarted(.photos, total: 0)
        photoBatch.submit(PhotoStage.photoURLs(of: fetched.distinctEvents))
        let photos = photoBatch.finish()
        summary.photos = photos.statistics
        photos.warnings.forEach(observer.warning)
        finishRecording(recorder, observer: observer)
        endStage("photos")

        // 3. Render, into a staging folder beside the output
        observer.stageStarted(.render, total: config.queries.count + 1)
        let publisher = SitePublisher(outputDirectory: config.outputDirectory)
        do throws(any Error) {
            let staging = try publisher.makeStagingDirectory()
            do throws(any Error) {
                let previous = FileManager.default.fileExists(atPath: config.outputDirectory.path) ? config.outputDirectory : nil
                let writer = StagingWriter(staging: staging, previous: previous)
                // Files go to disk as they are rendered; the first write error stops the publish.
                let writeError = LockedBox<RenderError?>(nil)
                SiteRenderer(templates: templates).render(
                    SiteInput(config: config, fetched: fetched, thumbnails: photos.thumbnails, generatedAt: now, history: report)
                ) { _, file in
                    guard writeError.withLock({ $0 == nil }) else { return }
                    do throws(RenderError) {
                        try writer.write(file)
                    } catch {
                        writeError.withLock { $0 = $0 ?? error }
                    }
                }
                if let error = writeError.withLock({ $0 }) { throw error }
                endStage("render")
                // 4. Publish
                observer.stageStarted(.publish, total: 1)
                try publisher.publish(staging)
                summary.published = true
                endStage("publish")
            } catch {
                publisher.discard(staging)
                throw error
            }
        } catch {
            summary.abortReason = String(describing: error)
        }
        recordRun(published: summary.published)
        if summary.published && !offline {
            do {
                try CacheSweep(cacheDirectory: config.cacheDirectory, retentionDays: config.limits.cacheRetentionDays)
                    .sweep(used: photos.usedCacheFiles, configuredQueries: Set(config.queries.map(\.id)), now: now)
            } catch {
                observer.warning("cache: cannot record which files this run used (\(error.localizedDescription)); nothing was removed")
            }
        }
        summary.seconds = elapsed()
        return summary
    }

    private func makeSources(recorder: SnapshotRecorder?, observer: any RunObserver,
                             redactor: SecretRedactor) -> (any EventSource, any PhotoFetching, HTTPTransport?) {
        if offline {
            return (OfflineEventSource(store: LastGoodEvents(cacheDirectory: config.cacheDirectory)),
                    OfflinePhotoFetcher(cache: PhotoCache(directory: config.cacheDirectory)), nil)
        }
        switch config.source {
        case .meetupAPI(let endpoint, let auth):
            let transport = HTTPTransport(
                limits: config.limits, maximumConnectionsPerHost: max(config.photoConcurrency, config.queries.count),
                addressPolicy: AddressPolicy.forSource(endpoint: endpoint), throttledHost: endpoint.host,
                scheduler: retryScheduler, clock: clock,
                onRetry: { url, number, wait, failure in
                    observer.warning("retry \(number) of \(url.host ?? "")\(url.path.prefix(60)) in \(String(format: "%.1f", wait)) s after \(failure)")
                })
            let scratch = PhotoCache(directory: config.cacheDirectory).incomingDirectory
            try? FileOperations.createDirectory(scratch)
            let credentials = Self.credentials(for: auth, environment: environment, cacheDirectory: config.cacheDirectory,
                                               transport: transport, scratchDirectory: scratch, redactor: redactor, clock: clock)
            return (MeetupAPISource(endpoint: endpoint, credentials: credentials, transport: transport, scratchDirectory: scratch,
                                    redactor: redactor, recorder: recorder),
                    HTTPPhotoFetcher(transport: transport, clock: clock), transport)
        case .snapshot(let directory):
            return (SnapshotSource(directory: directory), SnapshotPhotoFetcher(directory: directory), nil)
        }
    }

    /// The token source for a flow: the environment's token, or tokens the tool gets itself.
    static func credentials(for auth: AuthConfig, environment: [String: String], cacheDirectory: URL, transport: HTTPTransport,
                            scratchDirectory: URL, redactor: SecretRedactor, clock: @escaping @Sendable () -> Date) -> any AccessTokenSource {
        if case .token(let variable) = auth { return EnvironmentToken(variable: variable, environment: environment) }
        return IssuedTokens(auth: auth, environment: environment, cacheDirectory: cacheDirectory, transport: transport,
                            scratchDirectory: scratchDirectory, redactor: redactor, clock: clock)
    }

    /// The history database, or nil (with a warning) when it is disabled or unusable:
    /// a broken history never stops the site from being built.
    private func openHistory(observer: any RunObserver) -> HistoryStore? {
        guard config.history.enabled else { return nil }
        let path = HistoryStore.defaultPath(cacheDirectory: config.cacheDirectory)
        if resetHistory { HistoryStore.reset(at: path) }
        do {
            return try HistoryStore(path: path)
        } catch {
            observer.warning(error.description)
            return nil
        }
    }

    private func finishRecording(_ recorder: SnapshotRecorder?, observer: any RunObserver) {
        for problem in recorder?.finish() ?? [] {
            observer.warning("recording: \(problem)")
        }
    }
}
