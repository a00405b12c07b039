import Foundation
import MeetupModel

/// A day's news, the reason cron users run the tool: what is new since the previous
/// day's digest, what moved, what was cancelled or removed, which queries could not
/// be checked, and what is on in the next seven days. Events found by several queries
/// appear once, with the queries named. Pure: made from the fetch, the history report
/// and the window the day's digest covers.
package struct Digest: Sendable {
    package struct Item: Sendable {
        package var event: Event
        package var queries: [EventQuery]
    }

    package struct ChangeItem: Sendable {
        package var change: HistoryChange
        package var queryTitles: [String]
    }

    /// A query whose search failed tonight: its events are those of `staleSince`, or none.
    package struct Unchecked: Sendable, Equatable {
        package var queryTitle: String
        package var staleSince: Date?
    }

    /// A group that went quiet tonight: no event for its query's `inactiveAfterDays` since
    /// `lastEventAt` (nil: none ever), or no longer found on Meetup.
    package struct QuietGroup: Sendable {
        package var group: GroupActivity
        package var queryTitle: String
        package var inactiveAfterDays: Int
    }

    /// What a day's digest covers: everything noticed since `since` (after the previous
    /// day's digest, or from the day's first run when there was none), so a second run
    /// on the same day adds to the day's digest instead of replacing it.
    package struct Window: Sendable, Equatable {
        package var since: Date
        /// True: noticed at `since` counts too (the day's first run, when no digest came before).
        package var inclusive: Bool
        /// The day's first digest was the very first run's: it stays a first-run digest.
        package var continuesFirstRun = false

        package init(since: Date, inclusive: Bool, continuesFirstRun: Bool = false) {
            self.since = since
            self.inclusive = inclusive
            self.continuesFirstRun = continuesFirstRun
        }

        func contains(_ moment: Date) -> Bool { inclusive ? moment >= since : moment > since }
    }

    /// The run's moment, and its day in the site's zone (the archive's name).
    package var date: Date
    package var day: String
    package var siteTitle: String
    /// The first run ever (or with history off): nothing can be new yet.
    package var isFirstRun: Bool
    package var new: [Item]
    package var moved: [ChangeItem]
    package var removed: [ChangeItem]
    package var unchecked: [Unchecked]
    package var thisWeek: [Item]
    /// Groups that crossed the inactivity line tonight (the groups report's).
    package var quietGroups: [QuietGroup] = []

    /// Nothing new, moved or removed, every query checked and no group gone quiet (the week ahead is not news).
    package var isQuiet: Bool {
        new.isEmpty && moved.isEmpty && removed.isEmpty && unchecked.isEmpty && quietGroups.isEmpty
    }

    /// Quiet, and not the first run's digest (which always has something to say).
    package var isQuietNight: Bool { isQuiet && !isFirstRun }

    package static let weekAhead: TimeInterval = 7 * 86_400

    package static func day(of date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    package static func make(
        settings: SiteSettings, fetched: FetchedEvents, report: HistoryReport?, now: Date,
        window: Window? = nil, groups: GroupsReport? = nil
    ) -> Digest {
        let queriesByEvent = fetched.queriesByEvent
        let upcoming = SitePaths.chronological(fetched.distinctEvents)
        let item = { (event: Event) in Item(event: event, queries: queriesByEvent[event.id] ?? []) }
        let titles = Dictionary(uniqueKeysWithValues: settings.queries.map { ($0.id, $0.title) })
        let inWindow = { (moment: Date) in moment == now || window?.contains(moment) ?? false }
        let changes = (report?.changes ?? []).filter { inWindow($0.noticedAt) }
        let changeItem = { (change: HistoryChange) in
            ChangeItem(change: change, queryTitles: change.queryIDs.map { titles[$0] ?? $0 })
        }
        // Nothing is new on the first run ever (or without history); after it, an event is
        // new when first seen by this run or by an earlier run inside the window.
        let isNew = { (event: Event) -> Bool in
            guard let report, !report.isFirstRun else { return false }
            return report.newEventIDs.contains(event.id)
                || report.firstSeen[event.id].map { window?.contains($0) ?? false } ?? false
        }
        return Digest(
            date: now, day: day(of: now, in: settings.timeZone), siteTitle: settings.title,
            isFirstRun: (report?.isFirstRun ?? true) || window?.continuesFirstRun ?? false,
            new: upcoming.filter(isNew).map(item),
            moved: changes.filter { $0.kind == .moved }.map(changeItem),
            removed: changes.filter { $0.kind == .removed }.map(changeItem),
            unchecked: fetched.outcomes.compactMap { entry in
                entry.outcome.error.map { _ in
                    Unchecked(queryTitle: entry.query.title, staleSince: entry.outcome.staleSince)
                }
            },
            thisWeek: upcoming.filter { $0.start.date < now.addingTimeInterval(weekAhead) }.map(item),
            quietGroups: (groups?.crossed ?? []).map {
                QuietGroup(group: $0.group, queryTitle: $0.query.title, inactiveAfterDays: $0.query.inactiveAfterDays)
            })
    }
}
