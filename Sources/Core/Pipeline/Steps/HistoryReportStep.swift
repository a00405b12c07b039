import Foundation
import MeetupHistory

/// History: what is new, moved or removed since the last published run, and the
/// counts for the charts. A history that cannot be read is a warning, never a failure.
struct HistoryReportStep: RunStep {
    var name: String { "history" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let store = environment.history else { return }
        let settings = environment.config.history
        do throws(HistoryError) {
            // Offline re-renders show the last run as it was, not a comparison with itself.
            context.report = environment.offline
                ? try store.replayReport(for: context.fetched, now: environment.now, settings: settings)
                : try store.report(for: context.fetched, now: environment.now, settings: settings)
        } catch {
            environment.observer.warning(error.description)
        }
    }
}
