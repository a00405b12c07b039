import Foundation
import MeetupRender
import MeetupSupport

/// The shards of the search index a night makes again, each through Pagefind on a thread of
/// its own into the staging folder, while the render runs: started by `SearchIndexStep`,
/// finished before the publish. Which shards run at once is `SearchIndexSchedule`'s: beside
/// the render, only what its narrowed budget allows; the rest once `finish` widens it.
///
/// Indexed after the render, W1's night with one event changed spent 0.50-0.58 s in the search
/// step after a 0.23 s render (its shard of 252 records: Pagefind alone 0.22 s); beside it, what
/// the night waits for is what is left of the index when the render ends (docs/bench-log.md, issue
/// 34's twelfth part).
final class SearchIndexJob: Sendable {
    /// A shard to index again: its planned records and the stamp it will carry.
    struct Shard: Sendable {
        var name: String
        var planned: [SearchRecords.Planned]
        var stamp: String
    }

    private let shards: [Shard]
    private let command: [String]
    private let writer: StagingWriter
    /// Pagefind's environment, and what keeps secrets out of its messages.
    private let children: ChildEnvironment, redactor: SecretRedactor
    /// Each shard's records, made when it is indexed (all of W2's made first were 12 MB of the cold
    /// night's peak), with the descriptions' plain texts known then.
    private let records: @Sendable ([SearchRecords.Planned], TextsByEvent) -> [SearchRecords.Record]
    /// What a record depends on besides its plan (`SearchRecordFolder`'s index key).
    private let recordsKey: String
    /// The render's plain texts once it has made them (`finish`); before, each record's
    /// description goes through cmark again.
    private let texts = LockedBox<TextsByEvent>([:])
    /// Where the records are kept for Pagefind, a folder a shard (`SearchRecordFolder`; never
    /// published), and tonight's shards: the folders of others go once the night is indexed.
    private let root: URL, tonight: Set<String>
    /// What each kept record was made from.
    private let cache: BuildCache
    private let schedule: LockedBox<SearchIndexSchedule>
    private let failure = LockedBox<String?>(nil)
    private let done = DispatchGroup()
    /// How long some shard was being indexed: shards running, since when, and the time before.
    private let busy = LockedBox<(running: Int, since: ContinuousClock.Instant, total: Duration)>(
        (0, .now, .zero))

    /// - Parameter budget: what the Pagefinds may hold together beside the render.
    init(
        _ shards: [Shard], of tonight: [String], command: [String], writer: StagingWriter, recordsFolder root: URL,
        cache: BuildCache, children: ChildEnvironment, redactor: SecretRedactor, budget: Int, recordsKey: String,
        records: @escaping @Sendable ([SearchRecords.Planned], TextsByEvent) -> [SearchRecords.Record]
    ) {
        self.shards = shards
        self.command = command
        self.writer = writer
        self.root = root
        self.cache = cache
        self.tonight = Set(tonight)
        self.children = children
        self.redactor = redactor
        self.records = records
        self.recordsKey = recordsKey
        let memory = shards.map { shard in
            SearchIndexSchedule.memory(recordBytes: shard.planned.map(\.estimatedBytes).reduce(0, +))
        }
        schedule = LockedBox(SearchIndexSchedule(memory: memory, narrowed: budget))
    }

    /// Starts what the narrowed budget allows.
    func start() { startAllowed() }

    /// Widens the budget, starts what waited (with the render's plain `texts`), and waits for
    /// every shard; the first failure, or nil. `abandoning` (a night that will not publish): no
    /// shard starts any more, and those running are waited for, so that nothing writes into a
    /// staging folder being removed.
    func finish(abandoning: Bool, texts: TextsByEvent = [:]) -> String? {
        self.texts.withLock { $0 = texts }
        schedule.withLock {
            $0.stopped = $0.stopped || abandoning
            $0.widen()
        }
        // What the render freed went back to the system as its step ended (`StepRunner`), before
        // the Pagefinds that waited for it start.
        startAllowed()
        done.wait()
        if !abandoning { SearchRecordFolder.prune(root, keeping: tonight, cache: cache) }
        return failure.withLock { $0 }
    }

    /// How long some shard was being indexed (not the time shards waited for the render's end).
    var seconds: Double { busy.withLock { $0.total }.seconds }

    /// Started when the schedule allows: at first, as each shard finishes, and when widened.
    private func startAllowed() {
        for index in schedule.withLock({ $0.start() }) {
            done.enter()
            busy.withLock {
                if $0.running == 0 { $0.since = .now }
                $0.running += 1
            }
            // A thread of its own: it waits for Pagefind, and libdispatch's pool is the render's.
            Thread.detachNewThread { [self] in
                let problem = indexShard(shards[index])
                if let problem { failure.withLock { $0 = $0 ?? problem } }
                busy.withLock {
                    $0.running -= 1
                    if $0.running == 0 { $0.total += .now - $0.since }
                }
                schedule.withLock {
                    $0.finish(index)
                    $0.stopped = $0.stopped || problem != nil
                }
                startAllowed()
                done.leave()
            }
        }
    }

    private func indexShard(_ shard: Shard) -> String? {
        let folder = root.appendingPathComponent(shard.name)
        let output = "\(SearchIndexStep.folder)/\(shard.name)"
        let staging = writer.staging
        do {
            // Only what changed since the shard was last indexed is written; the records are
            // made here, and gone once written.
            let texts = texts.withLock { $0 }
            try SearchRecordFolder.update(folder, to: shard.planned, key: recordsKey, cache: cache) {
                records($0, texts)
            }
        } catch {
            return "cannot write its records into \(folder.path) (\(error.localizedDescription))"
        }
        // Pagefind writes into a folder of its own, never into last night's files (hard links
        // shared with the published site), except those it never writes: its content-named ones.
        let target = staging.appendingPathComponent(output).path
        FileTree.clear(target)
        let linked = writer.previous.map { PagefindIndexFiles.link(from: $0.path + "/" + output, into: target) } ?? 0
        var problem = pagefind(folder, into: target)
        if problem == nil, linked > 0, (try? PagefindIndexFiles.removeUnused(in: target)) == nil {
            // What it no longer uses cannot be told apart: an index of its own, written whole.
            FileTree.clear(target)
            problem = pagefind(folder, into: target)
        }
        guard problem == nil else { return problem }
        try? FileOperations.writeAtomically(
            Data(shard.stamp.utf8), to: staging.appendingPathComponent("\(output)/\(SearchIndexStep.stampName)"))
        // Unchanged index files keep the published copy (and its modification time).
        writer.relinkUnchanged(in: output)
        return nil
    }

    /// Pagefind on the records in `folder`, writing into `target`; what went wrong, or nil.
    private func pagefind(_ folder: URL, into target: String) -> String? {
        let result = ExternalCommand(
            arguments: command + ["--site", folder.path, "--output-path", target], environment: children, timeout: 300
        ).run()
        switch result {
        case .success(let outcome) where outcome.succeeded:
            return nil
        case .success(let outcome):
            return "Pagefind exited with \(outcome.status)"
                + (outcome.lastErrorLine.map { ": \(redactor.redact($0, limit: 200))" } ?? "")
        case .failure(let failure):
            return "\(failure)"
        }
    }
}
