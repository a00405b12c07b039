import Foundation
import MeetupModel
import MeetupHistory
import MeetupSupport

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
        keepRecord(context, history: history, now: environment.now, observer: environment.observer)
    }

    /// The community's record: tonight's freshly fetched events (a stand-in or a failed query
    /// adds nothing, and nothing ever leaves), events that vanished before they began marked
    /// cancelled, groups Meetup no longer knows marked gone.
    private func keepRecord(_ context: RunContext, history: HistoryStore, now: Date, observer: any RunObserver) {
        // Kept already before the render, unless the run stopped before the history step.
        let tonight = context.keptTonight ? nil : Self.tonight(context, now: now)
        let groups = context.fetched.groups.values.joined()
        do throws(HistoryError) {
            if let tonight { try history.archive(tonight.events, cancelledIDs: tonight.cancelled, now: now) }
            // Renamed groups are followed by id before anything is judged gone by its urlname
            // (the history step did it already when it kept tonight's events).
            if !context.keptTonight { try history.follow(Array(groups), now: now) }
            // The record as the history step read it, with tonight's events: no second read of the archive.
            let left = Self.leftTheirNetwork(
                context.fetched, record: (context.record?.events ?? []) + (tonight?.events ?? []))
            try history.markGone(
                urlnames: Set(groups.filter { !$0.isFound }.map(\.urlname)).union(left),
                seen: Set(groups.filter(\.isFound).map(\.urlname)), now: now)
        } catch {
            observer.warning(error.description)
        }
    }

    /// Tonight's freshly fetched events as the record keeps them, and those that vanished
    /// before they began (cancelled).
    static func tonight(_ context: RunContext, now: Date) -> (events: [ArchivedEvent], cancelled: Set<String>) {
        let events = archived(context.fetched)
        return (
            events,
            cancelled(
                context.report, now: now, fetched: context.fetched, record: (context.record?.events ?? []) + events)
        )
    }

    /// Tonight's freshly fetched events as the record keeps them, by id.
    static func archived(_ fetched: FetchedEvents) -> [ArchivedEvent] {
        var queriesByEvent: [String: [String]] = [:]
        var events: [String: Event] = [:]
        for entry in fetched.outcomes {
            guard case .succeeded(let fetched) = entry.outcome else { continue }
            for event in fetched {
                events[event.id] = event
                queriesByEvent[event.id, default: []].append(entry.query.id)
            }
        }
        return events.values.sorted { $0.id < $1.id }.map {
            ArchivedEvent($0, queryIDs: queriesByEvent[$0.id] ?? [])
        }
    }

    /// The events that vanished tonight before they began, but for those of groups that left
    /// their network tonight: their events are still on Meetup, only no longer in its list
    /// (docs/record.md: only an event that vanished from Meetup is cancelled).
    static func cancelled(_ report: HistoryReport?, now: Date, fetched: FetchedEvents, record: [ArchivedEvent])
        -> Set<String>
    {
        let vanished = Set(
            (report?.changes ?? []).filter { $0.kind == .removed && $0.noticedAt == now }
                .filter { change in change.oldStart.date > now }.map(\.eventID))
        guard !vanished.isEmpty else { return vanished }
        let left = Set(leftTheirNetwork(fetched, record: record).map { $0.lowercased() })
        guard !left.isEmpty else { return vanished }
        let ofLeavers = Set(
            record.filter { event in event.group?.urlname.map { left.contains($0.lowercased()) } == true }.map(\.id))
        return vanished.subtracting(ofLeavers)
    }
}

extension RecordHistoryStep {
    /// Groups the record has events of for a network query that tonight's list of the network's
    /// groups no longer holds: they left the network, or were deleted.
    static func leftTheirNetwork(_ fetched: FetchedEvents, record: [ArchivedEvent]) -> Set<String> {
        var left = Set<String>()
        for entry in fetched.outcomes {
            guard case .network = entry.query.kind, case .succeeded = entry.outcome,
                let listed = fetched.groups[entry.query.id], !listed.isEmpty
            else { continue }
            let members = Set(listed.map { $0.urlname.lowercased() })
            let ids = Set(listed.compactMap(\.id))
            for event in record where event.queryIDs.contains(entry.query.id) {
                guard let urlname = event.group?.urlname, !members.contains(urlname.lowercased()) else { continue }
                // The same group under a new urlname (matched by Meetup's id) has not left.
                if let id = event.group?.id, ids.contains(id) { continue }
                left.insert(urlname)
            }
        }
        return left
    }
}
