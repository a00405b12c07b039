import Foundation
import MeetupRender
import MeetupSupport

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
