import Foundation
import MeetupHistory
import MeetupModel
import MeetupSupport

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
