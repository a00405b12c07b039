import Foundation

/// Photos: the rest (events of stale queries) join the pipeline, then the run waits
/// for every photo. After an abort it only waits, so nothing is left writing.
struct PhotosStep: RunStep {
    var name: String { "photos" }
    var runsAfterAbort: Bool { true }

    func stage(in environment: RunEnvironment) -> (RunStage, total: Int)? { (.photos, 0) }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        if !context.isAborted { environment.photos.submit(context.shown.distinctEvents) }
        context.photos = environment.photos.finish()
        guard !context.isAborted else { return }
        context.summary.photos = context.photos.statistics
        context.photos.warnings.forEach(environment.observer.warning)
    }
}
