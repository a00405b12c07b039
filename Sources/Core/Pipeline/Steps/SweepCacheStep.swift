import Foundation
import MeetupModel
import MeetupHistory
import MeetupSupport

/// After a published run, the cache entries no run has used for the retention period go, on
/// a thread of their own while the history records the run (on W2's next night the two took as
/// long one after the other), waited for at the run's end. The sweep touches only the
/// cache's photos, thumbnails and kept query events; the record step only the state folder.
struct SweepCacheStep: RunStep {
    var name: String { "sweep" }
    var beside: BesideWork? { BesideWork(name: name, until: nil) }

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

    func finishBeside(_ context: inout RunContext, in environment: RunEnvironment) {
        guard let running = context.sweep else { return }
        context.sweep = nil
        context.summary.stageSeconds[name] = running.wait().seconds
    }
}
