import Foundation
import MeetupHistory
import MeetupModel

/// History: what is new, moved or removed since the last published run, and the
/// counts for the charts. A history that cannot be read is a warning, never a failure.
struct HistoryReportStep: RunStep {
    var name: String { "history" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard let store = environment.history else { return }
        let settings = environment.config.history
        // The Meetup ids tonight's events had before: a pin or a note written for one still finds it.
        do throws(HistoryError) {
            let former = try store.formerIDs(of: context.fetched.distinctEvents)
            if !former.isEmpty { context.fetched = context.fetched.withFormerIDs(former) }
        } catch {
            environment.observer.warning(error.description)
        }
        do throws(HistoryError) {
            // Offline re-renders show the last run as it was, not a comparison with itself.
            context.report =
                environment.offline
                ? try store.replayReport(for: context.fetched, now: environment.now, settings: settings)
                : try store.report(for: context.fetched, now: environment.now, settings: settings)
        } catch {
            environment.observer.warning(error.description)
        }
        do throws(HistoryError) {
            let kept = try store.record()
            context.record = CommunityRecord(events: kept.events, groups: kept.groups)
        } catch {
            environment.observer.warning(error.description)
        }
    }
}

/// Groups: the groups report from tonight's answers and what the history kept of earlier
/// nights (so a failed night still shows the groups, as last read). Only for a site with a
/// query that follows groups or a network.
struct GroupsReportStep: RunStep {
    var name: String { "groups" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        let queries = environment.config.queries.filter(\.followsGroups)
        guard !queries.isEmpty else { return }
        var earlier: [String: GroupsReport.Earlier] = [:]
        if let store = environment.history {
            do throws(HistoryError) {
                earlier = try store.earlierGroups(for: queries.map(\.id))
            } catch {
                environment.observer.warning(error.description)
            }
        }
        context.groups = GroupsReport(
            queries: queries, fresh: context.fetched.groups, earlier: earlier, now: environment.now,
            offline: environment.offline)
    }
}
