import Foundation

/// Recording (`--record`): the snapshot's pages and photos are complete once the
/// photos are; each query's folder is swapped in whole.
struct FinishRecordingStep: RunStep {
    var name: String { "recording" }
    var runsAfterAbort: Bool { true }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        for problem in environment.recorder?.finish() ?? [] {
            environment.observer.warning("recording: \(problem)")
        }
    }
}
