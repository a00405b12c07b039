import Foundation
import MeetupRender
import MeetupSupport

/// Search without a server: Pagefind indexes one record per event shown (`SearchRecords`,
/// each linking to the event's anchor) into the staging folder, so the index is published
/// in the same atomic swap as the pages. Pagefind comes from
/// PyPI (`pip install pagefind-bin`); where it is missing or fails, the run warns once
/// and publishes without search. `"search": false` turns it off.
struct SearchIndexStep: RunStep {
    var name: String { "search" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard environment.config.search, let staging = context.staged?.folder else { return }
        guard let command = Self.pagefind(environment.children, cache: environment.config.cacheDirectory) else {
            environment.observer.warning(
                "search: Pagefind is not installed (pip install pagefind-bin); published without search")
            return
        }
        let writer = StagingWriter(staging: staging, previous: environment.publisher.outputDirectory)
        // The same events, queries and binary as the published index (and the same Pagefind): yesterday's index
        // as it is. Pagefind's filter files differ from run to run for the same input, and a
        // night that changed nothing should re-index nothing.
        let fingerprint =
            SearchRecords.fingerprint(context.shown, timeZone: environment.config.timeZone, indexer: command)
            + SearchRecords.pastFingerprint(context.record, now: environment.now)
        let stamp = "\(Self.folder)/\(Self.stampName)"
        if (try? String(
            contentsOf: environment.publisher.outputDirectory.appendingPathComponent(stamp), encoding: .utf8))
            == fingerprint,
            writer.linkFolder(Self.folder)
        {
            return
        }
        let records =
            SearchRecords.make(
                context.shown, timeZone: environment.config.timeZone,
                plainDescriptions: context.plainDescriptions)
            + (context.record.map {
                SearchRecords.past($0, now: environment.now, timeZone: environment.config.timeZone)
            } ?? [])
        // One record per event shown, in a folder beside the cache's downloads (never published).
        let folder = environment.cache.incomingDirectory.appendingPathComponent("search-records")
        do {
            try? FileManager.default.removeItem(at: folder)
            try FileOperations.createDirectory(folder)
            // A fresh folder of our own: plain writes, no temporary file and rename for each of
            // 10,000 records (that was a third of the search stage's own time: BENCHMARKS.md).
            for record in records {
                try FileOperations.write(Data(record.html.utf8), to: folder.appendingPathComponent(record.name))
            }
        } catch {
            environment.observer.warning(
                "search: cannot write its records into \(folder.path) (\(error.localizedDescription)); published without search"
            )
            return
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ExternalCommand(
            arguments: command + [
                "--site", folder.path, "--output-path", staging.appendingPathComponent(Self.folder).path,
            ],
            environment: environment.children, timeout: 300
        ).run()
        switch result {
        case .success(let outcome) where outcome.succeeded:
            try? FileOperations.writeAtomically(Data(fingerprint.utf8), to: staging.appendingPathComponent(stamp))
            // Unchanged index files keep the published copy (and its modification time).
            writer.relinkUnchanged(in: Self.folder)
        case .success(let outcome):
            try? FileManager.default.removeItem(at: staging.appendingPathComponent(Self.folder))
            environment.observer.warning(
                "search: Pagefind exited with \(outcome.status)"
                    + (outcome.lastErrorLine.map { ": \(environment.redactor.redact($0, limit: 200))" } ?? "")
                    + "; published without search")
        case .failure(let failure):
            environment.observer.warning("search: \(failure); published without search")
        }
    }

    static let folder = "pagefind"
    /// Beside the index, published with it: the fingerprint of what it was made from
    /// (`SearchRecords.fingerprint`).
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
