import Foundation

/// How one run is asked to behave: the command line's run flags, given to `ReportRun`
/// whole when it is made (nothing is set on a run after it exists).
package struct RunOptions: Sendable {
    /// The report's clock: which events are upcoming, the search window, and what the
    /// pages say. Never network time (`ReportRun.clock`).
    package var now: Date
    /// Re-render from the last fetched events and cached photos, with no network (`--offline`).
    package var offline = false
    /// Delete the run history before this run (`--reset-history`).
    package var resetHistory = false
    /// Put tonight's plain-text digest in the summary, for stdout (`--digest-stdout`).
    package var digestToStandardOutput = false
    /// Also write every raw API response and downloaded photo here, as a snapshot (`--record`).
    package var recordDirectory: URL?
    /// Write the run's figures here as JSON once it is over (`--stats`).
    package var statisticsFile: URL?

    package init(
        now: Date, offline: Bool = false, resetHistory: Bool = false, digestToStandardOutput: Bool = false,
        recordDirectory: URL? = nil, statisticsFile: URL? = nil
    ) {
        self.now = now
        self.offline = offline
        self.resetHistory = resetHistory
        self.digestToStandardOutput = digestToStandardOutput
        self.recordDirectory = recordDirectory
        self.statisticsFile = statisticsFile
    }
}
