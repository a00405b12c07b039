import Foundation
import MeetupModel
import MeetupHistory

/// Records the run in the history, published or not (offline re-renders are not runs).
struct RecordHistoryStep: RunStep {
    var name: String { "record" }
    var runsAfterAbort: Bool { true }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let history = environment.history, !environment.offline else { return }
        do throws(HistoryError) {
            try history.record(
                context.fetched, report: context.shownReport ?? HistoryReport(), now: environment.now,
                published: context.summary.published, settings: environment.config.history)
        } catch {
            environment.observer.warning(error.description)
        }
    }
}

/// After a published run, the cache entries no run has used for the retention period go.
struct SweepCacheStep: RunStep {
    var name: String { "sweep" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard context.summary.published, !environment.offline else { return }
        let config = environment.config
        do {
            try CacheSweep(cacheDirectory: config.cacheDirectory, retentionDays: config.limits.cacheRetentionDays)
                .sweep(
                    used: context.photos.usedCacheFiles, configuredQueries: Set(config.queries.map(\.id)),
                    now: environment.now)
        } catch {
            environment.observer.warning(
                "cache: cannot record which files this run used (\(error.localizedDescription)); nothing was removed")
        }
    }
}
