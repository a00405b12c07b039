import Foundation
import MeetupRender
import MeetupSupport

/// Publish: the staging folder replaces the output folder in one atomic swap.
struct PublishStep: RunStep {
    /// What the published site holds, for tomorrow's render (without it tomorrow makes
    /// everything), saved on a thread of its own while the history records the night (W2's next
    /// night: stamping 50,000 files and writing them down, one busy thread, perf); waited for
    /// at the run's end.
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

    /// The work left running beside the later steps, as the summary's stages name it.
    static let besideName = "manifest"

    var name: String { "publish" }
    var beside: BesideWork? { BesideWork(name: Self.besideName, until: nil) }

    func stage(in environment: RunEnvironment) -> (RunStage, total: Int)? { (.publish, 1) }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let staged = context.staged else { return }
        do {
            try environment.publisher.publish(staged.folder)
            context.summary.published = true
            (context.staging, context.staged) = (nil, nil)  // the output now, not a folder to discard
            context.manifest = Self.saveManifest(staged.memo, environment: environment)
        } catch {
            environment.publisher.discard(staged.folder)
            throw RunAbort(reason: String(describing: error))
        }
    }

    func finishBeside(_ context: inout RunContext, in environment: RunEnvironment) {
        guard let saving = context.manifest else { return }
        context.manifest = nil
        context.summary.stageSeconds[Self.besideName] = saving.wait().seconds
    }
}
