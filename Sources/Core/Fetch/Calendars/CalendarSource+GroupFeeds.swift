import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// A `groups` query with `"via": "ical"`: each group's public feed, one after another with
/// `delaySeconds` between them (through the run's transport: its timeouts, size cap,
/// conditional requests, `Retry-After`, and a User-Agent naming the tool and its version).
/// A group whose feed is gone (404) is "not found" in the groups report; a feed that fails
/// otherwise is shown from its last copy, with a warning, or fails the query without one.
extension CalendarSource {
    typealias FeedResult = (urlname: String, result: Result<Data, FeedFailure>, cached: Data?)

    func fetchGroupFeeds(
        _ feeds: GroupFeeds, query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        fetchFeed(at: 0, feeds, query: query, results: []) { [self] results in
            // Parsing runs a worker per feed: never on the transport's delegate queue.
            DispatchQueue.global().async {
                let (outcome, groups) = groupsOutcome(results, feeds: feeds, query: query, window: window)
                completion(outcome, groups)
            }
        }
    }

    private func fetchFeed(
        at index: Int, _ feeds: GroupFeeds, query: EventQuery, results: [FeedResult],
        done: @escaping @Sendable ([FeedResult]) -> Void
    ) {
        guard index < feeds.urlnames.count, ContinuousClock.now < deadline else { return done(results) }
        let urlname = feeds.urlnames[index]
        let name = Self.cacheName(query: query, urlname: urlname)
        download(feeds.feed(of: urlname), query: query, cacheName: name) { [self] result in
            // The last copy, read only for a feed that failed tonight (it stands in, with a warning).
            let cached =
                if case .failure = result {
                    try? Data(contentsOf: cacheDirectory.appendingPathComponent("\(name).ics"))
                } else { Data?.none }
            let results = results + [(urlname, result, cached)]
            let pause = index + 1 < feeds.urlnames.count ? feeds.delaySeconds : 0
            DispatchQueue.global().asyncAfter(deadline: .now() + pause) { [self] in
                fetchFeed(at: index + 1, feeds, query: query, results: results, done: done)
            }
        }
    }

    static func cacheName(query: EventQuery, urlname: String) -> String {
        "\(query.id).group-\(urlname.lowercased())"
    }

    /// Every group's events, soonest first (at most `maxEvents`), and what each feed says of its group.
    func groupsOutcome(_ results: [FeedResult], feeds: GroupFeeds, query: EventQuery, window: DateInterval)
        -> (QueryOutcome, [GroupActivity]?)
    {
        guard results.count == feeds.urlnames.count else {
            return (.failed(.calendar(query: query.id, reason: "the run timed out (limits.runTimeout)")), nil)
        }
        var events: [Event] = []
        var groups: [GroupActivity] = []
        for (urlname, result, cached) in results {
            if case .failure(.transport(.status(let status))) = result, status == 404 || status == 410 {
                groups.append(.missing(urlname))
                continue
            }
            let url = feeds.feed(of: urlname)
            let found: [Event]
            do throws(FetchError) {
                found = try groupEvents(urlname, result, cached: cached, url: url, query: query, window: window)
            } catch {
                return (.failed(error), nil)
            }
            events += found
            groups.append(
                GroupActivity(
                    urlname: urlname, name: found.first?.group?.name,
                    link: url.deletingLastPathComponent().deletingLastPathComponent(),
                    nextEventAt: found.map(\.start.date).min(), upcomingEvents: found.count))
        }
        var seen = Set<String>()
        let distinct = events.sorted { ($0.start.date, $0.id) < ($1.start.date, $1.id) }
            .filter { seen.insert($0.id).inserted }
        return (.succeeded(events: EventSelection.soonest(distinct, count: query.maxEvents)), groups)
    }

    /// One group's events from tonight's feed; when that failed (or is no calendar), from its
    /// last good copy with a warning naming the group and its feed. Without a copy, the failure
    /// fails the query, naming the group.
    private func groupEvents(
        _ urlname: String, _ result: Result<Data, FeedFailure>, cached: Data?, url: URL, query: EventQuery,
        window: DateInterval
    ) throws(FetchError) -> [Event] {
        let failure: String
        switch result {
        case .success(let body):
            do throws(FetchError) {
                return try parseGroup(body, urlname: urlname, query: query, window: window)
            } catch {
                failure = Self.withoutKind(error)
            }
        case .failure(let feedFailure):
            failure = Self.withoutKind(feedFailure.fetchError(query: query, url: url))
        }
        let named = "\(urlname)'s calendar (\(url.absoluteString)): \(failure)"
        guard let cached else { throw FetchError.calendar(query: query.id, reason: named) }
        onWarning("groups \(query.id): \(named); its last copy is shown")
        return try parseGroup(cached, urlname: urlname, query: query, window: window)
    }

    /// A calendar error's own words, without the "calendar: " its summary line adds.
    private static func withoutKind(_ error: FetchError) -> String {
        if case .calendar(_, let reason) = error { reason } else { error.reason }
    }

    private func parseGroup(_ data: Data, urlname: String, query: EventQuery, window: DateInterval)
        throws(FetchError) -> [Event]
    {
        let left = (deadline - ContinuousClock.now).seconds
        guard left > 0 else {
            throw FetchError.calendar(query: query.id, reason: "the run timed out (limits.runTimeout)")
        }
        let parsed = try CalendarParser.parse(data, calendar: query, window: window, timeZone: timeZone, seconds: left)
        parsed.warnings.forEach { onWarning("groups \(query.id): \(urlname)'s calendar: \($0)") }
        return MeetupGroupFeed.events(parsed.events, urlname: urlname)
    }
}
