import Foundation
import MeetupHistory
import MeetupModel
import MeetupSupport

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
        let (fetched, now) = (context.fetched, environment.now)
        if environment.offline {
            // Offline re-renders show the last run as it was, not a comparison with itself.
            do throws(HistoryError) {
                context.report = try store.replayReport(for: fetched, now: now, settings: settings)
            } catch {
                environment.observer.warning(error.description)
            }
            do throws(HistoryError) {
                let kept = try store.record()
                context.record = CommunityRecord(events: kept.events, groups: kept.groups)
            } catch {
                environment.observer.warning(error.description)
            }
            return
        }
        // Tonight's events join the record before the site shows it: kept after the render, the
        // record a night showed lacked them and a re-run at the same moment rewrote archive.json
        // and every group page they touched. Kept while the report is read (the store's pool
        // reads beside a write); the events the report finds cancelled are marked after.
        // A group renamed since (the same Meetup id under a new urlname) is followed before the
        // record is read, so tonight's pages already show it at its new address.
        do throws(HistoryError) {
            try store.follow(Array(fetched.groups.values.joined()), now: now)
        } catch {
            environment.observer.warning(error.description)
        }
        let (report, kept) = Parallel.both { () -> Result<HistoryReport, HistoryError> in
            do throws(HistoryError) {
                return .success(try store.report(for: fetched, now: now, settings: settings))
            } catch {
                return .failure(error)
            }
        } _: { () -> Result<(events: [ArchivedEvent], groups: [ArchivedGroup]), HistoryError> in
            do throws(HistoryError) {
                return .success(try store.keep(RecordHistoryStep.archived(fetched), now: now))
            } catch {
                return .failure(error)
            }
        }
        switch report {
        case .success(let report): context.report = report
        case .failure(let error): environment.observer.warning(error.description)
        }
        do throws(HistoryError) {
            let kept = try kept.get()
            let cancelled = RecordHistoryStep.cancelled(
                context.report, now: now, fetched: fetched, record: kept.events)
            context.record = CommunityRecord(
                events: try store.cancel(cancelled, in: kept.events), groups: kept.groups)
            context.keptTonight = true
        } catch {
            environment.observer.warning(error.description)
        }
    }
}
