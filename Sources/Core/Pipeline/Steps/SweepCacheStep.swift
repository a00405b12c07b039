import Foundation
import MeetupModel
import MeetupHistory
import MeetupSupport

/// After a published run, the cache entries no run has used for the retention period go, on
/// a thread of their own while the history records the run (W2's next night: 0.13 and 0.19 s,
/// one after the other before); `SweepWaitStep` waits for it. The sweep touches only the
/// cache's photos, thumbnails and kept query events; the record step only the state folder.
struct SweepCacheStep: RunStep {
    var name: String { "sweep" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard context.summary.published, !environment.offline else { return }
        let config = environment.config
        let sweep = CacheSweep(cacheDirectory: config.cacheDirectory, retentionDays: config.limits.cacheRetentionDays)
        let (used, queries, now) = (context.photos.usedCacheFiles, Set(config.queries.map(\.id)), environment.now)
        let observer = environment.observer
        context.sweep = BackgroundWork {
            do {
                try sweep.sweep(used: used, configuredQueries: queries, now: now)
            } catch {
                observer.warning(
                    "cache: cannot record which files this run used (\(error.localizedDescription)); nothing was removed"
                )
            }
        }
    }
}
