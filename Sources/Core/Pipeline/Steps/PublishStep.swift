import Foundation
import MeetupRender
import MeetupSupport

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
