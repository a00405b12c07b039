import Foundation
import MeetupModel
import MeetupPhotos

/// Progress and warnings from a run, delivered from any thread. The command-line
/// front end turns them into a live terminal line or plain log lines.
public protocol RunObserver: Sendable {
    func stageStarted(_ stage: RunStage, total: Int)
    func queryFinished(_ query: EventQuery, outcome: QueryOutcome)
    func photoProgress(_ progress: PhotoProgress)
    func warning(_ message: String)
}

public enum RunStage: String, Sendable {
    case fetch, photos, render, publish
}

/// Observes nothing; for tests and library use.
public struct SilentObserver: RunObserver {
    public init() {}
    public func stageStarted(_ stage: RunStage, total: Int) {}
    public func queryFinished(_ query: EventQuery, outcome: QueryOutcome) {}
    public func photoProgress(_ progress: PhotoProgress) {}
    public func warning(_ message: String) {}
}
