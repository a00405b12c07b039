import Foundation
import MeetupHistory
import MeetupModel

/// Curate: the editor's rules remove events from what the site, the digest and the photos
/// see (`context.shown`); the history keeps seeing everything Meetup said
/// (`context.fetched`), so an event hidden by a new rule is never taken for cancelled.
/// Changes of hidden events (moved, removed) are not shown either.
struct CurateStep: RunStep {
    var name: String { "curate" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        let curation = environment.config.curation
        let curated = curation.apply(context.fetched, texts: environment.eventTexts)
        environment.eventTexts.forget()
        context.shown = curated.shown
        context.summary.eventCount = curated.shown.distinctEvents.count
        context.summary.eventsRemoved = curated.removedEvents
        context.summary.removedByRule = curated.removedByRule
        guard curated.removedEvents > 0 || curation.hasRules else { return }
        let shownIDs = Set(curated.shown.distinctEvents.map(\.id))
        let excluded = curation.site.excludeEvents.union(curation.perQuery.values.flatMap(\.excludeEvents))
        // A config names events by Meetup id; the history's changes are keyed by the lasting id.
        let excludedByName = context.fetched.distinctEvents.filter { $0.identifiers.contains(where: excluded.contains) }
            .map(\.id)
        context.hiddenEventIDs = Set(context.fetched.distinctEvents.map(\.id)).subtracting(shownIDs)
            .union(excluded).union(excludedByName)
    }
}
