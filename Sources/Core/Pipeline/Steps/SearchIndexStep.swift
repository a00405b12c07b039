import Foundation
import MeetupModel
import MeetupRender
import MeetupSupport

/// Search without a server: Pagefind indexes one record per event (`SearchRecords`, each
/// leading to the event's own page) into the staging folder, so the index is published in
/// the same atomic swap as the pages. The records are split into shards by the events'
/// dates (`SearchRecords.shards`), so an event always lands in the same one and a night's
/// changes in few: a night on which a few events changed (or passed) indexes their shards
/// again and links the others from the published site as they are; the page's search merges
/// the shards (`pagefind/shards.json`, Pagefind's `mergeIndex`). Pagefind comes from PyPI
/// (`pip install pagefind-bin`); where it is missing or fails, the run warns once and
/// publishes without search. `"search": false` turns it off.
///
/// This step starts a thread (`BackgroundWork`) that decides what to index, starts the changed
/// shards (`SearchIndexJob`) and then links what is unchanged from the published site, before the render:
/// the records are made from the events, not from the pages, so the index is made while the
/// site is rendered; the runner waits for it before the publish (`finishBeside`). The render never touches
/// the staging folder's `pagefind/`.
struct SearchIndexStep: RunStep {
    var name: String { "search" }

    /// What the search step's thread decided and started.
    enum Outcome: Sendable {
        /// Every record's inputs are last night's: the published index, linked whole.
        case unchanged
        /// No Pagefind to run: the night publishes without search.
        case unavailable
        /// The shards to index again, beside the render (the others linked); tonight's shards
        /// by name; what every record depends on (`SearchRecords.inputs`), kept beside them.
        case indexing([SearchIndexJob], shards: [String], inputs: String)
    }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard environment.config.search, let staging = context.staging else { return }
        // Beside the render, not before it: on W2's next night, linking the published index
        // (10,317 files) was 0.12 s of the night's one busy thread while the other core idled
        // (perf); finding Pagefind is beside it too.
        let (shown, record) = (context.shown, context.record)
        context.search = BackgroundWork {
            guard let command = Self.pagefind(environment.children, cache: environment.buildCache) else {
                FileTree.clear(staging.appendingPathComponent(Self.folder).path)  // last night's, in the kept tree
                environment.observer.warning(
                    "search: Pagefind is not installed (pip install pagefind-bin); published without search")
                return .unavailable
            }
            return Self.start(command, shown: shown, record: record, staging: staging, environment: environment)
        }
    }

    private static func start(
        _ command: [String], shown: FetchedEvents, record: CommunityRecord?, staging: URL,
        environment: RunEnvironment
    ) -> Outcome {
        let writer = StagingWriter(staging: staging, previous: environment.publisher.outputDirectory)
        let zone = environment.config.timeZone
        let language = SearchRecords.Languages(environment.sites.map(\.settings))
        let identity = SearchRecords.indexerIdentity(command)
        let inputs = SearchRecords.inputs(
            shown, record: record, now: environment.now, timeZone: zone, language: language, indexer: identity)
        let inputsFile = "\(Self.folder)/\(Self.inputsName)"
        if (try? String(
            contentsOf: environment.publisher.outputDirectory.appendingPathComponent(inputsFile), encoding: .utf8))
            == inputs, writer.linkFolder(Self.folder)
        {
            return .unchanged
        }
        let planned = SearchRecords.plan(
            shown, record: record, now: environment.now, timeZone: zone, language: language)
        let shards = SearchRecords.shards(planned, now: environment.now, timeZone: zone)
        var changed: [SearchIndexJob.Shard] = [], unchanged: [SearchIndexJob.Shard] = []
        for (name, shard) in shards {
            let stamp = SearchRecords.stamp(shard, timeZone: zone, language: language, indexer: identity)
            let published = environment.publisher.outputDirectory.appendingPathComponent(
                "\(Self.folder)/\(name)/\(Self.stampName)")
            // Unchanged: yesterday's shard as it is (Pagefind's files differ from run to run for the
            // same input). Only a shard to index again makes its records, when it is indexed.
            let planned = SearchIndexJob.Shard(name: name, planned: shard, stamp: stamp)
            if (try? String(contentsOf: published, encoding: .utf8)) == stamp {
                unchanged.append(planned)
            } else {
                changed.append(planned)
            }
        }
        let names = shards.map(\.name)
        let job = Self.job(changed, of: names, command: command, writer: writer, environment: environment)
        job.start()
        // The unchanged shards are linked once the changed ones are being indexed: linked first,
        // W2's seven (8,800 files) held its changed shard's Pagefind back on a busy night (perf).
        // One that cannot be linked is indexed again after the render.
        let unlinked = unchanged.filter { !writer.linkFolder("\(Self.folder)/\($0.name)") }
        guard !unlinked.isEmpty else { return .indexing([job], shards: names, inputs: inputs) }
        let late = Self.job(unlinked, of: names, command: command, writer: writer, environment: environment, budget: 0)
        return .indexing([job, late], shards: names, inputs: inputs)
    }

    /// Pagefind on `shards`, within `budget` beside the render (by default what their records allow).
    private static func job(
        _ shards: [SearchIndexJob.Shard], of tonight: [String], command: [String], writer: StagingWriter,
        environment: RunEnvironment, budget: Int? = nil
    ) -> SearchIndexJob {
        let zone = environment.config.timeZone
        let language = SearchRecords.Languages(environment.sites.map(\.settings))
        // The records of a shard indexed beside the render parse their descriptions (the
        // render's plain texts are made while it runs); after it, they are the render's.
        return SearchIndexJob(
            shards, of: tonight, command: command, writer: writer,
            recordsFolder: CacheFolder.searchRecords(environment.config.cacheDirectory), cache: environment.buildCache,
            children: environment.children, redactor: environment.redactor,
            budget: budget
                ?? SearchIndexSchedule.besideRender(
                    records: shards.map(\.planned.count).reduce(0, +), shards: shards.count),
            recordsKey: SearchRecords.recordsKey(timeZone: zone, language: language)
        ) { SearchRecords.records($0, timeZone: zone, language: language, plainDescriptions: $1) }
    }
}

extension SearchIndexStep {
    static let folder = "pagefind"
    /// Beside the shards: the hash of everything the records are made from (`SearchRecords.inputs`).
    static let inputsName = "inputs.sha256"
    /// In each shard, published with it: the fingerprint of what it was made from.
    static let stampName = "records.sha256"

    /// `pagefind` on the PATH, else the binary PyPI's `pagefind-bin` ships, found through
    /// Python once and then remembered in the build cache while that Python and that binary
    /// are there: a Python start-up a night is a night's search late (BENCHMARKS.md's ledger).
    static func pagefind(_ environment: ChildEnvironment, cache: BuildCache? = nil) -> [String]? {
        if let binary = ExternalCommand.find("pagefind", in: environment.searchPath) { return [binary.path] }
        guard let python = ExternalCommand.find("python3", in: environment.searchPath) else { return nil }
        if let found = cache?.program("pagefind", askedOf: python.path) { return [found] }
        let found = Self.askPython(python, environment)
        if let found, found.count == 1 { cache?.rememberProgram("pagefind", askedOf: python.path, at: found[0]) }
        return found
    }

    private static func askPython(_ python: URL, _ environment: ChildEnvironment) -> [String]? {
        let script = "import os, pagefind_bin; print(os.path.dirname(pagefind_bin.__file__))"
        guard
            case .success(let outcome) = ExternalCommand(
                arguments: [python.path, "-c", script], environment: environment,
                timeout: 30, capturesOutput: true
            ).run(), outcome.succeeded
        else { return nil }
        let binary = URL(fileURLWithPath: outcome.output.trimmingCharacters(in: .whitespacesAndNewlines))
            .appendingPathComponent("pagefind")
        return FileManager.default.isExecutableFile(atPath: binary.path)
            ? [binary.path] : [python.path, "-m", "pagefind_bin"]
    }
}
