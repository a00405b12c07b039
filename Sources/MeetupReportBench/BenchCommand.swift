import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import LoopbackServer

@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meetup-report-bench",
        abstract: "Measure the real meetup-report binary against a loopback API with per-request latency.",
        discussion: """
            For each workload: a cold run (empty cache), a warm run (nothing changed), and an \
            --offline re-render, with wall time, requests, photo bytes, thumbnail CPU time, render \
            time and peak RSS, and the cold run's ratio to the ideal time: the larger of the latency \
            bound (the longest query's pages in sequence, then photo rounds at the configured \
            concurrency) and the CPU bound (thumbnail and render CPU time over the cores). Also \
            compares in-process libvips thumbnails with the vipsthumbnail command, and W1 with a \
            pipeline of standard tools (curl --parallel, vipsthumbnail, cmark).
            """)

    @Option(help: "Latency the server adds to every response, in milliseconds.")
    var latencyMs = 50

    @Option(parsing: .upToNextOption, help: "Workloads to run (W1, W2).")
    var workloads = ["W1", "W2"]

    @Option(help: "The meetup-report binary to measure (build it with -c release).")
    var binary = ".build/release/meetup-report"

    @Option(help: "Where generated photos, caches and sites go.")
    var workDirectory = ".build/bench"

    @Option(help: "Photo concurrency given to meetup-report.")
    var concurrency = 8

    @Option(help: "Images for the in-process vs vipsthumbnail comparison.")
    var thumbnailSamples = 40

    @Flag(help: "Also price search (a warm night with \"search\": false) on W2; W1 always does.")
    var compareSearch = false

    @Flag(help: "Skip the shell pipeline reference (curl, vipsthumbnail, cmark).")
    var skipPipeline = false

    @Flag(help: "Skip the network workload (200 groups followed as a Pro network and as a list).")
    var skipNetwork = false

    @Flag(help: "Only run the network workload.")
    var networkOnly = false

    @Flag(help: "Only run the record workload (R-Ladies' shape: backfill, group pages, archive, reports).")
    var recordOnly = false

    @Flag(help: "Only simulate a year of nightly W1 runs through the history database and print its size.")
    var historyYear = false

    @Option(
        help:
            "Only write the first workload as a snapshot site (config.json, snapshot/, a calendar, curation) into this folder: the real-sized site the layout and browser checks read, and a run to profile without the server (photos are left out)."
    )
    var writeSnapshot: String?

    @Flag(help: "With --write-snapshot: no curation rules in the config.")
    var noCuration = false

    @Flag(help: "Only measure parsing and mapping the first workload's API answers (the fetch stage's CPU).")
    var parseOnly = false

    @Option(
        help:
            "Only serve the first workload (its API and photos, at the configured latency) for this many seconds, with its config in the work directory: to profile a night against the servers (perf, heaptrack)."
    )
    var serveFor: Int?

    func run() async throws {
        let work = URL(fileURLWithPath: workDirectory).standardizedFileURL
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        if historyYear {
            for retention in [180, 365] { print(try HistoryYear.measure(work: work, retentionDays: retention)) }
            return
        }
        if let writeSnapshot {
            let workload = try firstWorkload()
            try workload.writeSnapshotSite(into: URL(fileURLWithPath: writeSnapshot), curation: !noCuration)
            print("wrote \(workload.name) as a snapshot site into \(writeSnapshot)")
            return
        }
        if parseOnly {
            print(try ParseBench.measure(try firstWorkload()))
            return
        }
        if let serveFor {
            try await serveOnly(seconds: serveFor, work: work)
            return
        }
        if recordOnly {
            print(try await RecordBench.measure(binary: binary, work: work, latencyMs: latencyMs))
            return
        }
        if networkOnly {
            print(try await NetworkBench.measure(binary: binary, work: work, latencyMs: latencyMs))
            return
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            "meetup-report benchmark: \(cores) cores, latency \(latencyMs) ms per request, photo concurrency \(concurrency)"
        )
        print("binary: \(binary)")
        // Uncontended in-process thumbnail time per image, measured first: the CPU bound uses it.
        let samples = try Workload.w1.makePhotos(in: work.appendingPathComponent("photos-1200x800")).prefix(
            thumbnailSamples)
        let thumbnails = try ThumbnailComparison.measure(Array(samples), work: work)
        var rows: [WorkloadReport] = []
        for name in workloads {
            guard let workload = [Workload.w1, Workload.w2].first(where: { $0.name == name }) else {
                throw ValidationError("unknown workload \(name); use W1 or W2")
            }
            print(
                "\n== \(workload.name): \(workload.queries) queries x \(workload.pagesPerQuery) pages, "
                    + "\(workload.distinctEvents) events, \(workload.distinctPhotos) photos \(workload.photoWidth)x\(workload.photoHeight)"
            )
            rows.append(
                try await measure(workload, work: work, cores: cores, thumbnailSeconds: thumbnails.inProcessSeconds))
        }
        print("\n" + WorkloadReport.table(rows))

        print("\n" + thumbnails.table)

        if !skipNetwork {
            print("\n" + (try await NetworkBench.measure(binary: binary, work: work, latencyMs: latencyMs)))
            print("\n" + (try await RecordBench.measure(binary: binary, work: work, latencyMs: latencyMs)))
        }

        if !skipPipeline, workloads.contains("W1"), let row = rows.first(where: { $0.name == "W1" }) {
            print(
                "\n"
                    + (try await PipelineReference.measure(
                        .w1, work: work, latencyMs: latencyMs,
                        concurrency: concurrency, ours: row.cold.wallSeconds)))
        }
    }

    /// Median of 15 sequential GETs, after one to open the connection.
    static func medianRoundTrip(_ url: URL) async throws -> Double {
        let session = URLSession(configuration: .ephemeral)
        _ = try await session.data(from: url)
        var times: [Double] = []
        for _ in 0..<15 {
            let started = ContinuousClock.now
            _ = try await session.data(from: url)
            times.append(ThumbnailComparison.seconds(ContinuousClock.now - started))
        }
        return times.sorted()[times.count / 2]
    }

    private func measure(_ workload: Workload, work: URL, cores: Int, thumbnailSeconds: Double) async throws
        -> WorkloadReport
    {
        let folder = work.appendingPathComponent(workload.name)
        let photos = try Workload(
            name: "photos", queries: 1, pagesPerQuery: 1, distinctEvents: 1,
            distinctPhotos: workload.distinctPhotos
        )
        .makePhotos(in: work.appendingPathComponent("photos-1200x800"))
        let servers = try await serve(workload, photos: photos)
        // The real cost of one request to this server (its configured latency plus its
        // own overhead), measured the same way for the latency bound.
        let roundTrip = try await Self.medianRoundTrip(servers.photoBase.appendingPathComponent(workload.photoName(0)))
        print(
            String(
                format: "measured round trip for one photo: %.1f ms (configured latency %d ms)", roundTrip * 1000,
                latencyMs))

        let endpoint = servers.apiBase.appendingPathComponent("gql")
        let configFile = try writeConfig(for: workload, endpoint: endpoint, in: folder)
        func runOnce(_ label: String, config: URL? = nil, now: String = "2026-11-22T08:00:00Z", extra: [String] = [])
            async throws -> RunMeasurement
        {
            servers.api.resetCounters()
            servers.photos.resetCounters()
            let requestsBefore = servers.photos.photoRequests
            let output = folder.appendingPathComponent("Output")
            let before = OutputChanges.stamps(of: output)
            let stats = folder.appendingPathComponent("stats-\(label).json")
            let result = try await ChildProcess.run(
                binary,
                [
                    "--config", (config ?? configFile).path, "--now", now, "--quiet",
                    "--stats", stats.path,
                ] + extra,
                environment: ["MEETUP_TOKEN": "bench-token"])
            guard result.status == 0 else {
                throw ValidationError("\(label) run failed (\(result.status)): \(result.stderr.suffix(400))")
            }
            let figures = (try? JSONSerialization.jsonObject(with: Data(contentsOf: stats)) as? [String: Double]) ?? [:]
            return RunMeasurement(
                child: result, figures: figures,
                requests: servers.api.counters.graphQLRequests + (servers.photos.photoRequests - requestsBefore),
                photoBytes: servers.photos.counters.photoBytesSent, changes: OutputChanges.since(before, in: output))
        }
        let cold = try await runOnce("cold")
        let warm = try await runOnce("warm")
        // One event's title changes upstream: the pages that show it change, nothing else.
        try servers.setPages(workload, changedEvent: workload.distinctEvents / 2)
        let changed = try await runOnce("warm-one-changed")
        try servers.setPages(workload, changedEvent: nil)
        _ = try await runOnce("warm-restored")
        let offline = try await runOnce("offline", extra: ["--offline"])
        // The next nights as a site has them: the clock a day on and the day's events begun, so
        // gone from the answers (into the record); nothing else changed upstream. The first
        // (Sunday 22 to Monday 23) is the site's first night with a past event: its archive
        // begins, once in a site's life. The nights a site has every week come after a week on
        // (a night's setup, not measured): Sunday 29 to Monday 30 (a week's end: "This weekend"
        // goes), Monday 30 November to Tuesday 1 December (a month's end: the figures "to the end
        // of the month" move), then Tuesday to Wednesday (nothing but the day's events).
        func night(_ label: String, _ now: String) async throws -> RunMeasurement {
            try servers.setPages(workload, changedEvent: nil, upcomingAt: now)
            return try await runOnce(label, now: now)
        }
        let firstPastNight = try await night("first-past-night", "2026-11-23T08:00:00Z")
        _ = try await night("a-week-on", "2026-11-29T08:00:00Z")
        let nextNight = try await night("next-night", "2026-11-30T08:00:00Z")
        let monthNight = try await night("month-end-night", "2026-12-01T08:00:00Z")
        let weekdayNight = try await night("next-weekday-night", "2026-12-02T08:00:00Z")
        try servers.setPages(workload, changedEvent: nil)
        // The price of search: the same warm night with "search": false.
        var searchOff: RunMeasurement?
        if workload.name == "W1" || compareSearch {
            let plain = try writeConfig(for: workload, endpoint: endpoint, in: folder, search: false, fresh: false)
            _ = try await runOnce("search-off-first", config: plain)
            searchOff = try await runOnce("search-off", config: plain)
        }
        await servers.api.stop()
        await servers.photos.stop()

        let latency = max(Double(latencyMs) / 1000, roundTrip)
        let latencyBound =
            Double(workload.pagesPerQuery) * latency
            + (Double(workload.distinctPhotos) / Double(concurrency)).rounded(.up) * latency
        // CPU bound: every thumbnail at its uncontended in-process cost, plus rendering and
        // search indexing (the --offline run's stages, which have nothing to wait for), over the cores.
        let cpuBound =
            ((cold.figures["thumbnailsMade"] ?? 0) * thumbnailSeconds + (offline.figures["renderSeconds"] ?? 0)
                + (cold.figures["searchSeconds"] ?? 0)) / Double(cores)
        return WorkloadReport(
            name: workload.name, cold: cold, warm: warm, changed: changed, offline: offline,
            firstPastNight: firstPastNight, nextNight: nextNight, monthNight: monthNight, weekdayNight: weekdayNight,
            searchOff: searchOff,
            latencyBound: latencyBound, fetchBound: Double(workload.pagesPerQuery) * latency, cpuBound: cpuBound)
    }

    /// The loopback API and, on another origin as a CDN is, the photos; both at the configured latency.
    struct Servers {
        let api: LoopbackServer, photos: LoopbackServer
        let apiBase: URL, photoBase: URL

        func setPages(_ workload: Workload, changedEvent: Int?, upcomingAt: String? = nil) throws {
            let clock = upcomingAt.flatMap { ISO8601DateFormatter().date(from: $0) }
            setPages(try workload.pages(photoBase: photoBase, changedEvent: changedEvent, upcomingAt: clock))
        }

        /// Answers made beforehand (`Workload.pages`), served from the next request on.
        func setPages(_ pagesByKeyword: [String: [Data]]) {
            for (keyword, pages) in pagesByKeyword { api.setPages(pages, forKeyword: keyword) }
        }
    }

    func serve(_ workload: Workload, photos: [URL]) async throws -> Servers {
        let api = try LoopbackServer(), photoServer = try LoopbackServer()
        let apiBase = try await api.start(), photoBase = try await photoServer.start().appendingPathComponent("photos")
        api.setLatency(.milliseconds(latencyMs))
        photoServer.setLatency(.milliseconds(latencyMs))
        let servers = Servers(api: api, photos: photoServer, apiBase: apiBase, photoBase: photoBase)
        try servers.setPages(workload, changedEvent: nil)
        var photoBytes = 0
        for (index, file) in photos.enumerated() {
            let data = try Data(contentsOf: file)
            photoBytes += data.count
            photoServer.setPhoto(data, named: workload.photoName(index))
        }
        print(
            "photos: \(photos.count), \(photoBytes / photos.count / 1024) KB on average, served from \(photoBase.host ?? ""):\(photoBase.port ?? 0) (the API on port \(apiBase.port ?? 0))"
        )
        return servers
    }

    /// The workload's config, with an empty cache and output (a cold start).
    func writeConfig(
        for workload: Workload, endpoint: URL, in folder: URL, search: Bool = true, fresh: Bool = true
    ) throws -> URL {
        let config: [String: Any] = [
            "search": search,
            "title": "Benchmark \(workload.name)", "baseURL": "https://bench.example.org/", "timeZone": "Europe/Berlin",
            "source": ["type": "meetup-api", "endpoint": endpoint.absoluteString],
            "output": "Output", "cache": "cache", "thumbnailWidth": 320, "photoConcurrency": concurrency,
            "queries": (0..<workload.queries).map {
                ["id": "q\($0)", "keyword": workload.keyword($0), "lat": 52.5, "lon": 13.4]
            },
        ]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configFile = folder.appendingPathComponent(search ? "config.json" : "config-no-search.json")
        try JSONSerialization.data(withJSONObject: config).write(to: configFile)
        if fresh {
            // Nothing of an earlier bench run or of a night run by hand: the state folder's history
            // from another sitting's nights (later than this run's clock) changed what the warm,
            // offline and digest runs did, and a kept tree made the cold run reuse its folders.
            for name in ["cache", "Output", ".Output.kept", "meetup-report-state"] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        return configFile
    }
}
