import Foundation
import MeetupRender
import MeetupSupport

/// Render: every page, feed and file of the site into the staging folder, in each of its languages. Files go to disk as
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
        // Beside the staging folder (the same file system, so its files are linked in), named as
        // it is: a run that dies leaves it to the next run's clean-up.
        let scratch = URL(fileURLWithPath: staging.path + ".scratch", isDirectory: true)
        let hasScratch = (try? FileOperations.createDirectory(scratch)) != nil
        defer { try? FileManager.default.removeItem(at: scratch) }
        let writeError = LockedBox<RenderError?>(nil)
        let digest = context.digestArchive.isEmpty ? nil : DigestFiles(archive: context.digestArchive)
        var total = RenderOutcome()
        // Each language into its folder ("" for a site in one), one after the other: the memo's
        // items and files named with the folder, so each language reuses its own.
        for (index, site) in environment.sites.enumerated() {
            let folder = site.settings.folder
            let store = EventArtefactStore(cacheDirectory: config.cacheDirectory, folder: folder)
            let spill = EventArtefactSpill(cacheDirectory: config.cacheDirectory, folder: folder)
            defer { spill.remove() }
            // A folder of scratch files each: the files one language links in are never another's.
            let languageScratch = folder.isEmpty ? scratch : scratch.appendingPathComponent(folder)
            let scratchReady =
                hasScratch && (folder.isEmpty || (try? FileOperations.createDirectory(languageScratch)) != nil)
            let input = SiteInput(
                settings: site.settings, fetched: context.shown, thumbnails: context.photos.thumbnails,
                generatedAt: environment.now, history: context.shownReport,
                digestLink: digest.map { _ in DigestFiles.page + ".html" },
                groups: context.groups, record: context.record)
            let renderer = SiteRenderer(templates: site.templates, extraGenerators: digest.map { [$0] } ?? [])
            // Only tonight's events are kept, as soon as they are made (then read back when a page
            // asks); a failure costs the next night some rendering.
            let outcome = renderer.render(
                input, reuse: FolderReuse(memo: memo, folder: folder), artefacts: store.load(), keep: store.keep,
                spill: spill.write, scratch: scratchReady ? languageScratch : nil
            ) { item, file in
                guard writeError.withLock({ $0 == nil }) else { return }
                let (item, file) = FolderReuse.placed(item, file, in: folder)
                do throws(RenderError) {
                    try writer.write(file)
                    memo.record(item, path: file.path)
                } catch {
                    writeError.withLock { $0 = $0 ?? error }
                }
            }
            total.itemsReused += outcome.itemsReused
            total.itemsMade += outcome.itemsMade
            total.eventsRendered += outcome.eventsRendered
            if index == 0 { total.plainDescriptions = outcome.plainDescriptions }
        }
        if environment.sites.count > 1, writeError.withLock({ $0 == nil }) {
            do throws(RenderError) {
                for file in LanguageChooser.files(environment.sites.map(\.settings), templates: environment.templates) {
                    try writer.write(file)
                }
            } catch {
                writeError.withLock { $0 = $0 ?? error }
            }
        }
        if let error = writeError.withLock({ $0 }) { throw RunAbort(reason: String(describing: error)) }
        inventory.sweep()
        context.staged = StagedSite(folder: staging, memo: memo)
        context.summary.render = .init(
            itemsReused: total.itemsReused, itemsMade: total.itemsMade, eventsRendered: total.eventsRendered)
        context.plainDescriptions = total.plainDescriptions
    }
}

/// A language's items in the memo: named with its folder, as its files are.
struct FolderReuse: RenderReuse {
    let memo: RenderMemo
    let folder: String

    func reuse(_ item: RenderItem) -> Bool {
        memo.reuse(Self.placed(item, in: folder))
    }

    static func placed(_ item: RenderItem, in folder: String) -> RenderItem {
        guard !folder.isEmpty else { return item }
        var placed = item
        placed.id = folder + item.id
        return placed
    }

    static func placed(_ item: RenderItem, _ file: SiteFile, in folder: String) -> (RenderItem, SiteFile) {
        guard !folder.isEmpty else { return (item, file) }
        return (placed(item, in: folder), SiteFile(path: folder + file.path, contents: file.contents))
    }
}
