import Foundation

/// Settings of the run history (config key `history`).
package struct HistorySettings: Sendable, Equatable {
    package var enabled = true
    /// How long moved and removed events are listed on the pages.
    package var changeDays = 7
    /// History older than this is deleted, so the database stays small.
    package var retentionDays = 180
    /// Runs shown in each query's chart.
    package var chartRuns = 30

    package init() {}
}
