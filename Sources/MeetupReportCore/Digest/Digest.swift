import Foundation

/// Tonight's news, the reason cron users run the tool: what is new since the last
/// published run, what moved, what was cancelled or removed, and what is on in the
/// next seven days. Events found by several queries appear once, with the queries named.
/// Pure: made from the fetch and the history report.
public struct Digest: Sendable {
    public struct Item: Sendable {
        public var event: Event
        public var queries: [EventQuery]
    }

    public struct ChangeItem: Sendable {
        public var change: HistoryChange
        public var queryTitles: [String]
    }

    /// The run's moment, and its day in the site's zone (the archive's name).
    public var date: Date
    public var day: String
    public var siteTitle: String
    /// The first run ever (or with history off): nothing can be new yet.
    public var isFirstRun: Bool
    public var new: [Item]
    public var moved: [ChangeItem]
    public var removed: [ChangeItem]
    public var thisWeek: [Item]

    /// Nothing new, moved or removed tonight (the week ahead is not news).
    public var isQuiet: Bool { new.isEmpty && moved.isEmpty && removed.isEmpty }

    public static let weekAhead: TimeInterval = 7 * 86_400

    public static func make(config: ReportConfig, fetched: FetchedEvents, report: HistoryReport?, now: Date) -> Digest {
        let queriesByEvent = fetched.queriesByEvent
        let upcoming = SitePaths.chronological(fetched.distinctEvents)
        let item = { (event: Event) in Item(event: event, queries: queriesByEvent[event.id] ?? []) }
        let titles = Dictionary(uniqueKeysWithValues: config.queries.map { ($0.id, $0.title) })
        // Changes noticed tonight only: earlier ones were in earlier digests.
        let tonight = (report?.changes ?? []).filter { $0.noticedAt == now }
        let changeItem = { (change: HistoryChange) in
            ChangeItem(change: change, queryTitles: change.queryIDs.map { titles[$0] ?? $0 })
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = config.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return Digest(
            date: now, day: String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0),
            siteTitle: config.siteTitle, isFirstRun: report?.isFirstRun ?? true,
            new: upcoming.filter { report?.newEventIDs.contains($0.id) ?? false }.map(item),
            moved: tonight.filter { $0.kind == .moved }.map(changeItem),
            removed: tonight.filter { $0.kind == .removed }.map(changeItem),
            thisWeek: upcoming.filter { $0.start.date < now.addingTimeInterval(weekAhead) }.map(item))
    }
}
