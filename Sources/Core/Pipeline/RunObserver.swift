import Foundation
import MeetupModel
import MeetupPhotos

/// Progress and warnings from a run, delivered from any thread. The command-line
/// front end turns them into a live terminal line or plain log lines.
package protocol RunObserver: Sendable {
    func stageStarted(_ stage: RunStage, total: Int)
    func queryFinished(_ query: EventQuery, outcome: QueryOutcome)
    func photoProgress(_ progress: PhotoProgress)
    func warning(_ message: String)
}

package enum RunStage: String, Sendable {
    case fetch, photos, render, publish
}

/// Observes nothing; for tests and library use.
package struct SilentObserver: RunObserver {
    package init() {}
    package func stageStarted(_ stage: RunStage, total: Int) {}
    package func queryFinished(_ query: EventQuery, outcome: QueryOutcome) {}
    package func photoProgress(_ progress: PhotoProgress) {}
    package func warning(_ message: String) {}
}
