import Foundation
import MeetupAuth
import MeetupConfig
import MeetupFetch
import MeetupHistory
import MeetupNetwork
import MeetupPhotos
import MeetupRender
import MeetupSupport

extension ReportRun {
    /// Builds everything the steps share, once: templates, caches, the history, the
    /// event source and photo fetcher for the config's source (or `--offline`), and the
    /// photo pipeline, started so downloads can begin as soon as a query is fetched.
    func makeEnvironment(observer: any RunObserver, redactor: SecretRedactor) throws(RunAbort) -> RunEnvironment {
        let deadline = ContinuousClock.now + .milliseconds(Int64(config.limits.runTimeout * 1000))
        let sites = try LanguageSite.make(config, templates: templatesDirectory)
        // State an earlier version kept in the cache moves to the state folder, once.
        if !options.offline {
            StateFolder.adoptFromCache(config.cacheDirectory, into: config.stateDirectory).forEach(observer.warning)
        }
        let cache = PhotoCache(directory: config.cacheDirectory)
        let lastGood = LastGoodEvents(cacheDirectory: config.cacheDirectory)
        let recorder = options.recordDirectory.map(SnapshotRecorder.init(directory:))
        let sources = makeSources(
            cache: cache, lastGood: lastGood, recorder: recorder, observer: observer, redactor: redactor,
            deadline: deadline)
        let photos = PhotoPipeline(
            cache: cache, fetcher: sources.photos, thumbnailer: thumbnailer,
            settings: .init(
                thumbnailWidth: config.thumbnailWidth, concurrency: config.photoConcurrency,
                defaultFreshness: config.limits.photoFreshness),
            recorder: recorder, clock: clock
        ) { observer.photoProgress($0) }
        return RunEnvironment(
            config: config, sites: sites, now: options.now,
            offline: options.offline, observer: observer,
            cache: cache,
            lastGood: lastGood, history: openHistory(observer: observer), eventSource: sources.events,
            transport: sources.transport, pastEvents: sources.past, recorder: recorder, photos: photos,
            publisher: SitePublisher(outputDirectory: config.outputDirectory), buildCache: openBuildCache(observer),
            children: ChildEnvironment(environment, secretVariables: secretVariables), redactor: redactor,
            digestToStandardOutput: options.digestToStandardOutput, deadline: deadline,
            chat: makeChat(cache: cache, observer: observer, redactor: redactor, deadline: deadline))
    }

    /// The build cache; one that cannot be read is said, not an error: that night renders cold.
    private func openBuildCache(_ observer: any RunObserver) -> BuildCache {
        let cache = BuildCache(cacheDirectory: config.cacheDirectory)
        if let discarded = cache.discarded, discarded != BuildCache.anotherBuild {
            observer.warning("render: the build cache \(cache.file.path) was \(discarded); the night renders cold")
        }
        return cache
    }

    /// The chat rooms' secrets, read now (so the redactor hides them from the first line
    /// logged), and a transport of their own that trusts the hosts the user named and logs a
    /// retry by host only (a webhook's path holds its token).
    private func makeChat(
        cache: PhotoCache, observer: any RunObserver, redactor: SecretRedactor, deadline: ContinuousClock.Instant
    ) -> ChatDelivery? {
        let targets = config.digest.chat
        guard !targets.isEmpty, !options.offline else { return nil }
        let secrets = ChatSecrets(targets, environment: environment)
        redactor.add(secrets.redacted)
        let transport = HTTPTransport(
            limits: config.limits, maximumConnectionsPerHost: 2,
            addressPolicy: AddressPolicy(allowsPrivateAddresses: false, trustedHosts: secrets.hosts(of: targets)),
            scheduler: retryScheduler, clock: clock,
            onRetry: { url, number, wait, failure in
                observer.warning(
                    "retry \(number) of the digest's post to \(url.host ?? "") in \(String(format: "%.1f", wait)) s after \(failure)"
                )
            })
        return ChatDelivery(
            targets: targets, secrets: secrets, transport: transport,
            record: StateFolder.digests(config.stateDirectory).appendingPathComponent("chat-posted.json"),
            scratch: cache.incomingDirectory, deadline: deadline)
    }

    /// Environment variables that hold secrets of this config.
    var secretVariables: Set<String> {
        var variables: Set<String> =
            switch config.source {
            case .meetupAPI(_, .token(let variable)): [variable]
            case .meetupAPI(_, .refreshToken(let settings)): [settings.clientSecretVariable]
            default: []
            }
        for target in config.digest.chat {
            if case .variable(let name) = target.secret { variables.insert(name) }
        }
        return variables
    }

    private func makeSources(
        cache: PhotoCache, lastGood: LastGoodEvents, recorder: SnapshotRecorder?, observer: any RunObserver,
        redactor: SecretRedactor, deadline: ContinuousClock.Instant
    ) -> Sources {
        if options.offline {
            return Sources(events: OfflineEventSource(store: lastGood), photos: OfflinePhotoFetcher(cache: cache))
        }
        // API answers and feeds land in the cache's scratch folder, on the same file system, never in $TMPDIR.
        let scratch = cache.incomingDirectory
        let meetup: (events: any EventSource, photos: any PhotoFetching, transport: HTTPTransport?)
        switch config.source {
        case .meetupAPI(let endpoint, let auth):
            let transport = makeTransport(
                policy: AddressPolicy.forSource(endpoint: endpoint), throttledOrigin: endpoint, observer: observer)
            try? FileOperations.createDirectory(scratch)
            let credentials = Credentials.source(
                for: auth, environment: environment, cacheDirectory: config.cacheDirectory,
                transport: transport, scratchDirectory: scratch, redactor: redactor, clock: clock)
            meetup = (
                MeetupAPISource(
                    endpoint: endpoint, credentials: credentials, transport: transport, scratchDirectory: scratch,
                    redactor: redactor, recorder: recorder, onWarning: { observer.warning($0) }),
                HTTPPhotoFetcher(transport: transport, clock: clock), transport
            )
        case .snapshot(let directory, _):
            meetup = (SnapshotSource(directory: directory), SnapshotPhotoFetcher(directory: directory), nil)
        }
        let feeds = config.queries.compactMap(\.calendarFeed)
        let groupFeeds = config.queries.contains { if case .groupFeeds = $0.kind { true } else { false } }
        let past = meetup.events as? any PastEventsSource
        guard !feeds.isEmpty || groupFeeds else {
            return Sources(events: meetup.events, photos: meetup.photos, transport: meetup.transport, past: past)
        }
        // A snapshot run sends no request to Meetup, but a calendar by URL still needs one.
        let needsNetwork = groupFeeds || feeds.contains { if case .url = $0 { true } else { false } }
        let transport =
            meetup.transport
            ?? (needsNetwork
                ? makeTransport(
                    policy: AddressPolicy(allowsPrivateAddresses: false), throttledOrigin: nil, observer: observer)
                : nil)
        let calendars = CalendarSource(
            meetup: meetup.events, transport: transport, cacheDirectory: config.cacheDirectory,
            scratchDirectory: scratch, timeZone: config.timeZone, maxBytes: config.limits.maxResponseBytes,
            deadline: deadline, onWarning: { observer.warning($0) })
        return Sources(events: calendars, photos: meetup.photos, transport: transport, past: past)
    }

    /// Where a run's events, photos and past events come from, and its transport.
    struct Sources {
        var events: any EventSource
        var photos: any PhotoFetching
        var transport: HTTPTransport?
        var past: (any PastEventsSource)?
    }

    /// The run's one transport. The hosts of the config's own calendar URLs are trusted like
    /// the API's: the user chose them, even on a private network.
    private func makeTransport(policy: AddressPolicy, throttledOrigin: URL?, observer: any RunObserver) -> HTTPTransport
    {
        let calendarHosts = Set(
            config.queries.compactMap { query -> String? in
                switch query.kind {
                case .calendar(.url(let url)): url.host
                case .groupFeeds(let feeds): feeds.baseURL.host
                default: nil
                }
            })
        return HTTPTransport(
            limits: config.limits, maximumConnectionsPerHost: max(config.photoConcurrency, config.queries.count),
            addressPolicy: AddressPolicy(
                allowsPrivateAddresses: policy.allowsPrivateAddresses,
                trustedHosts: policy.trustedHosts.union(calendarHosts)),
            throttledOrigin: throttledOrigin, scheduler: retryScheduler, clock: clock,
            onRetry: { url, number, wait, failure in
                observer.warning(
                    "retry \(number) of \(url.host ?? "")\(url.path.prefix(60)) in \(String(format: "%.1f", wait)) s after \(failure)"
                )
            })
    }

    /// The history database, or nil (with a warning) when it is disabled or unusable:
    /// a broken history never stops the site from being built.
    private func openHistory(observer: any RunObserver) -> HistoryStore? {
        guard config.history.enabled else { return nil }
        let path = HistoryStore.defaultPath(stateDirectory: config.stateDirectory)
        if options.resetHistory { HistoryStore.reset(at: path) }
        do {
            return try HistoryStore(path: path)
        } catch {
            observer.warning(error.description)
            return nil
        }
    }
}
