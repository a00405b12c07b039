import Foundation
import MeetupRender
import MeetupSupport

/// Stage: the folder the night's site is built in, beside the output: the site the last
/// publish swapped out, to be brought up to date (the search index goes into it while the
/// render runs).
struct StageStep: RunStep {
    var name: String { "stage" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        do {
            context.staging = try environment.publisher.makeStagingDirectory(reusingKeptTree: true)
        } catch {
            throw RunAbort(reason: String(describing: error))
        }
    }
}

/// Render: every page, feed and file of the site into the staging folder. Files go to disk as
/// they are made (a large site is never held in memory whole); the first write error stops
/// the run (and `DiscardStagingStep` removes the folder).
struct RenderStep: RunStep {
    var name: String { "render" }

    func stage(in environment: RunEnvironment) -> (RunStage, total: Int)? {
        (.render, environment.config.queries.count + 1)
    }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let staging = context.staging else { return }
        let config = environment.config
        let previous =
            FileManager.default.fileExists(atPath: config.outputDirectory.path) ? config.outputDirectory : nil
        // Last night's swapped-out site, brought up to date: what tonight does not claim goes.
        // The search index is the search step's to bring up to date.
        // Both read at once: W2's 50,000 files and its manifest were 46 and 47 ms of a night, one
        // after the other (perf).
        let cache = environment.buildCache
        let (inventory, manifest) = Parallel.both {
            StagingInventory(staging, excluding: config.search ? [SearchIndexStep.folder] : [])
        } _: {
            cache.renderManifest()
        }
        let writer = StagingWriter(staging: staging, previous: previous, inventory: inventory)
        let memo = RenderMemo(
            cache: cache, published: previous, staging: staging, inventory: inventory, manifest: manifest)
        let store = EventArtefactStore(cacheDirectory: config.cacheDirectory)
        let spill = EventArtefactSpill(cacheDirectory: config.cacheDirectory)
        defer { spill.remove() }
        // Beside the staging folder (the same file system, so its files are linked in), named as
        // it is: a run that dies leaves it to the next run's clean-up.
        let scratch = URL(fileURLWithPath: staging.path + ".scratch", isDirectory: true)
        let hasScratch = (try? FileOperations.createDirectory(scratch)) != nil
        defer { try? FileManager.default.removeItem(at: scratch) }
        let writeError = LockedBox<RenderError?>(nil)
        let digest = context.digestArchive.isEmpty ? nil : DigestFiles(archive: context.digestArchive)
        let input = SiteInput(
            settings: environment.site, fetched: context.shown, thumbnails: context.photos.thumbnails,
            generatedAt: environment.now, history: context.shownReport,
            digestLink: digest.map { _ in DigestFiles.page + ".html" },
            groups: context.groups, record: context.record)
        let renderer = SiteRenderer(templates: environment.templates, extraGenerators: digest.map { [$0] } ?? [])
        // Only tonight's events are kept, as soon as they are made (then read back when a page
        // asks); a failure costs the next night some rendering.
        let outcome = renderer.render(
            input, reuse: memo, artefacts: store.load(), keep: store.keep, spill: spill.write,
            scratch: hasScratch ? scratch : nil
        ) { item, file in
            guard writeError.withLock({ $0 == nil }) else { return }
            do throws(RenderError) {
                try writer.write(file)
                memo.record(item, path: file.path)
            } catch {
                writeError.withLock { $0 = $0 ?? error }
            }
        }
        if let error = writeError.withLock({ $0 }) { throw RunAbort(reason: String(describing: error)) }
        inventory.sweep()
        context.staged = StagedSite(folder: staging, memo: memo)
        context.summary.render = .init(
            itemsReused: outcome.itemsReused, itemsMade: outcome.itemsMade, eventsRendered: outcome.eventsRendered)
        context.plainDescriptions = outcome.plainDescriptions
    }
}

/// A night that will not publish removes its staging folder, once nothing writes into it
/// (after `SearchWaitStep`). The previous site is left as it was.
struct DiscardStagingStep: RunStep {
    var name: String { "discard" }
    var runsAfterAbort: Bool { true }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard context.isAborted, let staging = context.staging else { return }
        environment.publisher.discard(staging)
        context.staging = nil
        context.staged = nil
    }
}

/// Publish: the staging folder replaces the output folder in one atomic swap.
struct PublishStep: RunStep {
    /// What the published site holds, for tomorrow's render (without it tomorrow makes
    /// everything), saved on a thread of its own while the history records the night (W2's next
    /// night: 50 ms of stamping 50,000 files and writing them down, one thread, perf);
    /// `ManifestWaitStep` waits for it.
    static func saveManifest(_ memo: RenderMemo, environment: RunEnvironment) -> BackgroundWork<Void> {
        let (output, observer) = (environment.publisher.outputDirectory, environment.observer)
        return BackgroundWork {
            do {
                try memo.save(publishedAt: output)
            } catch {
                observer.warning(
                    "render: cannot save the render manifest in \(memo.cache.file.path) (\(error)); "
                        + "the next run renders every page")
            }
        }
    }

    var name: String { "publish" }

    func stage(in environment: RunEnvironment) -> (RunStage, total: Int)? { (.publish, 1) }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let staged = context.staged else { return }
        do {
            try environment.publisher.publish(staged.folder)
            context.summary.published = true
            context.manifest = Self.saveManifest(staged.memo, environment: environment)
        } catch {
            environment.publisher.discard(staged.folder)
            throw RunAbort(reason: String(describing: error))
        }
    }
}

/// The run's end waits for the render manifest's saving (`PublishStep`); its own time is the
/// `manifest` figure.
struct ManifestWaitStep: RunStep {
    var name: String { "manifestWait" }
    var runsAfterAbort: Bool { true }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let saving = context.manifest else { return }
        context.manifest = nil
        context.summary.stageSeconds["manifest"] = saving.wait().seconds
    }
}
