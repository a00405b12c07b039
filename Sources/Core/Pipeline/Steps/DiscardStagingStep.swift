import Foundation
import MeetupRender
import MeetupSupport

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
