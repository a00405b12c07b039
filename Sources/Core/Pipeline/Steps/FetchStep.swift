import Foundation
import MeetupFetch
import MeetupModel

/// Fetch: every query concurrently; each query's photos join the photo pipeline as
/// soon as its events are known. A failed query keeps its last good events (marked
/// stale) rather than vanishing; a failed query with none shows a "not fetched yet" notice
/// and the rest publishes. Only a night on which no query could be fetched keeps the
/// previous site.
struct FetchStep: RunStep {
    var name: String { "fetch" }

    func stage(in environment: RunEnvironment) -> (RunStage, total: Int)? { (.fetch, environment.config.queries.count) }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        let (config, now, observer, photos) = (
            environment.config, environment.now, environment.observer, environment.photos
        )
        let fresh = EventFetcher(source: environment.eventSource).fetchAll(config.queries, now: now) { query, outcome in
            observer.queryFinished(query, outcome: outcome)
            // Photos only of what the site will show (`CurateStep` decides the same way).
            if case .succeeded(let events) = outcome {
                photos.submit(
                    events.filter { event in
                        guard event.isUpcoming(at: now), photos.wantsPhotos(of: event) else { return false }
                        if case .removed = config.curation.decide(event, in: query, texts: environment.eventTexts) {
                            return false
                        }
                        return true
                    })
            }
        }
        // Offline, the events already are the last good ones: nothing to save or stand in.
        var reconciled = fresh
        if !environment.offline {
            let saveFailures: [String]
            (reconciled, saveFailures) = environment.lastGood.reconcile(fresh, now: now)
            saveFailures.forEach(observer.warning)
        }
        // An event both on Meetup and in another calendar is one event, found by both.
        context.fetched = CalendarMerge.merge(reconciled).upcoming(at: now)
        context.summary.record(context.fetched)

        // Nothing fetched at all (every query failed, some with nothing to stand in): yesterday's
        // site says more than tonight's would. One new or broken feed never holds back the rest.
        let outcomes = context.fetched.outcomes.map(\.outcome)
        let nothingFetched = !outcomes.contains { if case .succeeded = $0 { true } else { false } }
        let unrecoverable = context.fetched.outcomes.filter { if case .failed = $0.outcome { true } else { false } }
        guard !(nothingFetched && !unrecoverable.isEmpty) else {
            throw RunAbort(
                reason: unrecoverable.count == 1
                    ? "query \(unrecoverable[0].query.id) failed, nothing else was fetched"
                    : "no query could be fetched (\(unrecoverable.count) with no earlier events to show)")
        }
    }
}

extension RunSummary {
    /// The fetch's part of the summary: successes, failures, stale queries (the curate step counts the events).
    mutating func record(_ fetched: FetchedEvents) {
        failures = fetched.failures.map(\.error)
        staleSince = Dictionary(
            uniqueKeysWithValues: fetched.outcomes.compactMap { entry in
                entry.outcome.staleSince.map { (entry.query.id, $0) }
            })
        queriesSucceeded = fetched.outcomes.count - failures.count
    }
}
