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
            queries: queries,
            fresh: Self.withLastEvents(
                context.fetched.groups, queries: queries, record: context.record, fetched: context.fetched,
                now: environment.now),
            earlier: earlier, now: environment.now, offline: environment.offline)
    }

    /// Each group's figures from where its page takes them: its last past event and how many it
    /// held from the record (`CommunityRecord.groupPasts`), its next event and how many are coming
    /// from tonight's events, where those know the group; the API's analytics only where they do
    /// not (a group the record has nothing of yet). So the groups report and the group pages
    /// never disagree about a group.
    static func withLastEvents(
        _ fresh: [String: [GroupActivity]], queries: [EventQuery], record: CommunityRecord?, fetched: FetchedEvents,
        now: Date
    ) -> [String: [GroupActivity]] {
        let pasts = record?.groupPasts(at: now) ?? [:]
        var upcoming: [String: [Date]] = [:]
        for event in fetched.distinctEvents where event.start.date >= now {
            if let urlname = event.group?.urlname?.lowercased() {
                upcoming[urlname, default: []].append(event.start.date)
            }
        }
        var filled = fresh
        for query in queries {
            guard let groups = fresh[query.id] else { continue }
            filled[query.id] = groups.map { group in
                guard group.isFound else { return group }
                var group = group
                let key = group.urlname.lowercased()
                if let past = pasts[key], !past.events.isEmpty {
                    group.lastEventAt = past.lastEventAt
                    group.pastEvents = past.count
                }
                if let starts = upcoming[key], let next = starts.min() {
                    group.nextEventAt = next
                    group.upcomingEvents = starts.count
                }
                return group
            }
        }
        return filled
    }
}
