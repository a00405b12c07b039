import Foundation
import MeetupModel
import MeetupHistory
import MeetupSupport

/// The run's end waits for the cache's sweep (`SweepCacheStep`); its own time is the sweep's figure.
struct SweepWaitStep: RunStep {
    var name: String { "sweepWait" }
    var runsAfterAbort: Bool { true }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let running = context.sweep else { return }
        context.sweep = nil
        context.summary.stageSeconds[SweepCacheStep().name] = running.wait().seconds
    }
}
