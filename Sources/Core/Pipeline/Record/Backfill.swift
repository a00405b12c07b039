import Foundation
import MeetupFetch
import MeetupHistory
import MeetupModel
import MeetupSupport

/// Reads the past events of the queries that follow groups or a network into the record,
/// request by request, each request's events and progress saved together: a backfill cut
/// short (its request budget, the rate limit, a failure) continues where it stopped next time
/// without asking again for what it has. Groups are asked for twenty a request; a group with
/// more past events than one page is then paged alone.
struct Backfill {
    let source: any PastEventsSource
    let history: HistoryStore
    /// The earliest start asked for.
    let since: Date
    let now: Date
    /// Requests this backfill may send (a night's automatic one is small; the command's is not).
    let budget: Int

    struct Outcome: Sendable, Equatable {
        var requests = 0
        var events = 0
        var failures: [String] = []
        /// Queries with something left to read (the budget ran out, or a request failed).
        var unfinished: [String] = []
    }

    static func scopes(of query: EventQuery) -> [String] {
        switch query.kind {
        case .network(let urlname): ["network:" + urlname.lowercased()]
        case .groups(let urlnames): urlnames.map { "group:" + $0.lowercased() }
        // Past events need the API: a feed has only what is to come.
        case .search, .calendar, .groupFeeds: []
        }
    }

    func run(_ queries: [EventQuery]) -> Outcome {
        var outcome = Outcome()
        for query in queries where query.followsGroups {
            var state = Query(query: query, backfill: self)
            do throws(BackfillFailure) {
                try state.load()
                while !state.isDone, outcome.requests < budget {
                    outcome.events += try state.step()
                    outcome.requests += 1
                }
            } catch {
                outcome.failures.append(error.description)
            }
            if !state.isDone { outcome.unfinished.append(query.id) }
        }
        return outcome
    }

    struct BackfillFailure: Error {
        let description: String
    }

    /// One query's backfill: its scopes' progress, and the next request to send.
    struct Query {
        let query: EventQuery
        let backfill: Backfill
        var progress: [String: BackfillProgress] = [:]
        var number = 0

        init(query: EventQuery, backfill: Backfill) {
            self.query = query
            self.backfill = backfill
        }

        mutating func load() throws(BackfillFailure) {
            let scopes = Backfill.scopes(of: query)
            do {
                let saved = try backfill.history.backfillProgress(scopes)
                for scope in scopes {
                    // Asked for an earlier start than a scope was read from: it is read again.
                    if let known = saved[scope], known.since <= backfill.since {
                        progress[scope] = known
                    } else {
                        progress[scope] = BackfillProgress(since: backfill.since)
                    }
                }
            } catch {
                throw BackfillFailure(description: "backfill \(query.id): \(error.description)")
            }
        }

        var isDone: Bool { nextRequest == nil }

        /// The next request: the network's next page; else a group already under way, alone;
        /// else the next twenty groups not yet read.
        var nextRequest: PastEventsRequest? {
            let (since, until) = (backfill.since, backfill.now)
            switch query.kind {
            case .network(let urlname):
                guard let state = progress["network:" + urlname.lowercased()], !state.done else { return nil }
                return .network(urlname: urlname, since: since, until: until, after: state.cursor)
            case .groups(let urlnames):
                let pending = urlnames.filter { progress["group:" + $0.lowercased()]?.done == false }
                if let urlname = pending.first(where: { progress["group:" + $0.lowercased()]?.cursor != nil }),
                    let cursor = progress["group:" + urlname.lowercased()]?.cursor
                {
                    return .group(urlname: urlname, since: since, until: until, after: cursor)
                }
                guard !pending.isEmpty else { return nil }
                return .groups(urlnames: Array(pending.prefix(20)), since: since, until: until)
            case .search, .calendar, .groupFeeds:
                return nil
            }
        }

        /// Sends the next request and keeps what it brought; returns how many events.
        mutating func step() throws(BackfillFailure) -> Int {
            guard let request = nextRequest else { return 0 }
            number += 1
            let page = try send(request)
            var changed: [String: BackfillProgress] = [:]
            func update(_ scope: String, cursor: String?, events: Int) {
                var state = progress[scope] ?? BackfillProgress(since: backfill.since)
                state.cursor = cursor
                state.done = cursor == nil
                state.requests += 1
                state.events += events
                changed[scope] = state
            }
            switch request {
            case .network(let urlname, _, _, _):
                update("network:" + urlname.lowercased(), cursor: page.networkCursor, events: page.events.count)
            case .group, .groups:
                for urlname in request.urlnames {
                    let count = page.events.filter { $0.group?.urlname?.lowercased() == urlname.lowercased() }.count
                    // A group Meetup does not know has nothing to read: done.
                    update("group:" + urlname.lowercased(), cursor: page.groupCursors[urlname] ?? nil, events: count)
                }
            }
            let events = page.events.map { ArchivedEvent($0, queryIDs: [query.id]) }
            do {
                try backfill.history.saveBackfill(events, progress: changed, now: backfill.now)
            } catch {
                throw BackfillFailure(description: "backfill \(query.id): \(error.description)")
            }
            progress.merge(changed) { _, new in new }
            return events.count
        }

        private func send(_ request: PastEventsRequest) throws(BackfillFailure) -> PastEventsPage {
            let answer = LockedBox<Result<PastEventsPage, FetchError>?>(nil)
            let done = DispatchSemaphore(value: 0)
            backfill.source.pastEvents(request, of: query, number: number) { result in
                answer.withLock { $0 = result }
                done.signal()
            }
            done.wait()
            switch answer.withLock({ $0 }) {
            case .success(let page)?: return page
            case .failure(let error)?: throw BackfillFailure(description: "backfill \(query.id): \(error.reason)")
            case nil: throw BackfillFailure(description: "backfill \(query.id): no answer")
            }
        }
    }
}

extension PastEventsRequest {
    /// The groups a request asks for.
    var urlnames: [String] {
        switch self {
        case .network: []
        case .groups(let urlnames, _, _): urlnames
        case .group(let urlname, _, _, _): [urlname]
        }
    }
}
