import Foundation
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
struct SearchIndexStep: RunStep {
    var name: String { "search" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard environment.config.search, let staging = context.staged?.folder else { return }
        guard let command = Self.pagefind(environment.children, cache: environment.config.cacheDirectory) else {
            FileTree.clear(staging.appendingPathComponent(Self.folder).path)  // last night's, kept by the render
            environment.observer.warning(
                "search: Pagefind is not installed (pip install pagefind-bin); published without search")
            return
        }
        let writer = StagingWriter(staging: staging, previous: environment.publisher.outputDirectory)
        let zone = environment.config.timeZone
        let identity = SearchRecords.indexerIdentity(command)
        let inputs = SearchRecords.inputs(
            context.shown, record: context.record, now: environment.now, timeZone: zone, indexer: identity)
        let inputsFile = "\(Self.folder)/\(Self.inputsName)"
        if (try? String(
            contentsOf: environment.publisher.outputDirectory.appendingPathComponent(inputsFile), encoding: .utf8))
            == inputs, writer.linkFolder(Self.folder)
        {
            return
        }
        let planned = SearchRecords.plan(context.shown, record: context.record, now: environment.now, timeZone: zone)
        let shards = SearchRecords.shards(planned, now: environment.now, timeZone: zone)
        var changed: [Shard] = []
        for (name, shard) in shards {
            let stamp = SearchRecords.stamp(shard, timeZone: zone, indexer: identity)
            let published = environment.publisher.outputDirectory.appendingPathComponent(
                "\(Self.folder)/\(name)/\(Self.stampName)")
            // Unchanged: yesterday's shard as it is (Pagefind's files differ from run to run for the same input).
            if (try? String(contentsOf: published, encoding: .utf8)) == stamp,
                writer.linkFolder("\(Self.folder)/\(name)")
            {
                continue
            }
            // Only a shard to index again makes its records, when it is indexed.
            changed.append(Shard(name: name, planned: shard, stamp: stamp))
        }
        let descriptions = context.plainDescriptions
        if let failure = index(
            changed, command: command, staging: staging, writer: writer, environment: environment,
            records: { SearchRecords.records($0, timeZone: zone, plainDescriptions: descriptions) })
        {
            try? FileManager.default.removeItem(at: staging.appendingPathComponent(Self.folder))
            environment.observer.warning("search: \(failure); published without search")
            return
        }
        // What last night's kept tree holds beyond tonight's shards (a shard gone, an old file).
        let keep = Set(shards.map(\.name) + ["shards.json", "pagefind-ui.js", "pagefind-ui.css", Self.inputsName])
        let root = staging.appendingPathComponent(Self.folder).path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where !keep.contains(name) {
            FileTree.clear(root + "/" + name)
        }
        publishShardList(
            shards.map(\.name), staging: staging, published: environment.publisher.outputDirectory)
        try? FileOperations.writeAtomically(Data(inputs.utf8), to: staging.appendingPathComponent(inputsFile))
    }

    /// A shard to index again: its planned records and the stamp it will carry.
    private struct Shard: Sendable {
        var name: String
        var planned: [SearchRecords.Planned]
        var stamp: String
    }

    /// Each changed shard through Pagefind, two at a time while their memory allows
    /// (`SearchIndexSchedule`); the first failure, or nil. A shard's records are made as it is
    /// indexed: all of W2's made first were 12 MB of the cold night's peak, which the search
    /// stage had become.
    private func index(
        _ shards: [Shard], command: [String], staging: URL, writer: StagingWriter, environment: RunEnvironment,
        records: @escaping @Sendable ([SearchRecords.Planned]) -> [SearchRecords.Record]
    ) -> String? {
        // Records go in a folder beside the cache's downloads (never published).
        let root = environment.cache.incomingDirectory.appendingPathComponent("search-records")
        defer { try? FileManager.default.removeItem(at: root) }
        // The night's memory holds this process and the Pagefinds at once.
        ProcessMemory.releaseFree()
        let memory = shards.map { shard in
            SearchIndexSchedule.memory(recordBytes: shard.planned.map(\.estimatedBytes).reduce(0, +))
        }
        let schedule = LockedBox(SearchIndexSchedule(memory: memory))
        let failure = LockedBox<String?>(nil)
        let done = DispatchGroup()
        // Started when the schedule allows: at first, and again as each shard finishes.
        @Sendable func startAllowed() {
            for index in schedule.withLock({ $0.start() }) {
                done.enter()
                DispatchQueue.global().async {
                    let problem = indexShard(
                        shards[index], records: records, into: root, command: command, staging: staging,
                        writer: writer, environment: environment)
                    if let problem { failure.withLock { $0 = $0 ?? problem } }
                    schedule.withLock {
                        $0.finish(index)
                        $0.stopped = $0.stopped || problem != nil
                    }
                    startAllowed()
                    done.leave()
                }
            }
        }
        startAllowed()
        done.wait()
        return failure.withLock { $0 }
    }

    private func indexShard(
        _ shard: Shard, records: ([SearchRecords.Planned]) -> [SearchRecords.Record], into root: URL,
        command: [String], staging: URL, writer: StagingWriter, environment: RunEnvironment
    ) -> String? {
        let folder = root.appendingPathComponent(shard.name)
        let output = "\(Self.folder)/\(shard.name)"
        do {
            try? FileManager.default.removeItem(at: folder)
            try FileOperations.createDirectory(folder)
            // A fresh folder of our own: plain writes, no temporary file and rename each. The
            // records are made here and gone before Pagefind runs.
            for record in records(shard.planned) {
                try FileOperations.write(Data(record.html.utf8), to: folder.appendingPathComponent(record.name))
            }
        } catch {
            return "cannot write its records into \(folder.path) (\(error.localizedDescription))"
        }
        // Pagefind writes into a folder of its own, never into last night's files (hard links
        // shared with the published site).
        FileTree.clear(staging.appendingPathComponent(output).path)
        let result = ExternalCommand(
            arguments: command + ["--site", folder.path, "--output-path", staging.appendingPathComponent(output).path],
            environment: environment.children, timeout: 300
        ).run()
        switch result {
        case .success(let outcome) where outcome.succeeded:
            try? FileOperations.writeAtomically(
                Data(shard.stamp.utf8), to: staging.appendingPathComponent("\(output)/\(Self.stampName)"))
            // Unchanged index files keep the published copy (and its modification time).
            writer.relinkUnchanged(in: output)
            return nil
        case .success(let outcome):
            return "Pagefind exited with \(outcome.status)"
                + (outcome.lastErrorLine.map { ": \(environment.redactor.redact($0, limit: 200))" } ?? "")
        case .failure(let failure):
            return "\(failure)"
        }
    }

    /// `pagefind/shards.json` (the shards the page's search merges) and Pagefind's UI script
    /// and styles, the same in every shard, once at `pagefind/` (where the layout loads them);
    /// each the published file itself when its bytes are the same.
    private func publishShardList(_ names: [String], staging: URL, published: URL) {
        let list = Data((JSONValue.array(names.map(JSONValue.string)).compactJSON + "\n").utf8)
        var files: [(name: String, bytes: Data?)] = [("shards.json", list)]
        if let first = names.first {
            for asset in ["pagefind-ui.js", "pagefind-ui.css"] {
                files.append(
                    (asset, try? Data(contentsOf: staging.appendingPathComponent("\(Self.folder)/\(first)/\(asset)"))))
            }
        }
        for (name, bytes) in files {
            guard let bytes else { continue }
            let target = staging.appendingPathComponent("\(Self.folder)/\(name)")
            let old = published.appendingPathComponent("\(Self.folder)/\(name)")
            if (try? Data(contentsOf: old)) == bytes, FileTree.link(old.path, replacing: target.path) { continue }
            try? FileOperations.writeAtomically(bytes, to: target)
        }
    }

    static let folder = "pagefind"
    /// Beside the shards: the hash of everything the records are made from (`SearchRecords.inputs`).
    static let inputsName = "inputs.sha256"
    /// In each shard, published with it: the fingerprint of what it was made from.
    static let stampName = "records.sha256"

    /// `pagefind` on the PATH, else the binary PyPI's `pagefind-bin` ships, found through
    /// Python once and then remembered in the cache (`render/pagefind`) while that Python and
    /// that binary are there: a Python start-up (0.1 s) less per night.
    static func pagefind(_ environment: ChildEnvironment, cache: URL? = nil) -> [String]? {
        if let binary = ExternalCommand.find("pagefind", in: environment.searchPath) { return [binary.path] }
        guard let python = ExternalCommand.find("python3", in: environment.searchPath) else { return nil }
        let remembered = cache.map(CacheFolder.searchIndex)
        if let remembered,
            let lines = try? String(contentsOf: remembered, encoding: .utf8).split(separator: "\n").map(String.init),
            lines.count == 2, lines[0] == python.path, FileManager.default.isExecutableFile(atPath: lines[1])
        {
            return [lines[1]]
        }
        let found = Self.askPython(python, environment)
        if let remembered, let found, found.count == 1 {
            try? FileOperations.createDirectory(remembered.deletingLastPathComponent())
            try? FileOperations.writeAtomically(Data("\(python.path)\n\(found[0])".utf8), to: remembered)
        }
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
