import Foundation
import MeetupRender
import MeetupSupport

/// Render: every page, feed and file of the site into the staging folder. Files go to disk as
/// they are made (a large site is never held in memory whole); the first write error stops
/// the run (and the run removes the folder).
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
