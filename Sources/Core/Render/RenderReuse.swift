import Foundation

/// One output of the renderer the memo keeps track of: a page with its feed and calendar,
/// `events.json`, or one event's calendar file. `key` hashes everything its files are made
/// from (`RenderKeys`); nil for the small files made every night.
package struct RenderItem: Sendable, Hashable {
    package var id: String
    package var key: String?
    /// The item's place in the site, for callers that collect the files in order.
    package var order: Int
}

/// Asked for each item before it is made: true when the files it made last night under
/// the same key are already in tonight's site (linked from the published one), so the
/// renderer skips it. Called from several threads at once.
package protocol RenderReuse: Sendable {
    func reuse(_ item: RenderItem) -> Bool
}

/// Makes everything (tests, first nights, a site without a published copy).
package struct RenderEverything: RenderReuse {
    package init() {}
    package func reuse(_ item: RenderItem) -> Bool { false }
}

/// What a render did, for the run's figures and the next night.
package struct RenderOutcome: Sendable {
    /// Every event's artefacts tonight, to keep for the next night; nil when no item needed them.
    package var artefacts: EventArtefactSet?
    /// Each event's description as plain text by event id, when the artefacts were needed:
    /// read from where the artefacts are kept when asked, not held (W2's 10,000 plain texts were
    /// 13.7 MB of a full render's heap peak, heaptrack, and stayed until the search step).
    package var plainDescriptions: TextsByEvent = [:]
    /// Items reused as they were and items made.
    package var itemsReused = 0
    package var itemsMade = 0
    /// Events whose description and blocks were made (the others came from the cache).
    package var eventsRendered = 0

    package init() {}
}
