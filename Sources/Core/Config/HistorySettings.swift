import Foundation

/// Settings of the run history (config key `history`).
public struct HistorySettings: Sendable, Equatable {
    public var enabled = true
    /// How long moved and removed events are listed on the pages.
    public var changeDays = 7
    /// History older than this is deleted, so the database stays small.
    public var retentionDays = 180
    /// Runs shown in each query's chart.
    public var chartRuns = 30

    public init() {}
}
