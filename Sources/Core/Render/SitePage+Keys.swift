import Foundation
import MeetupSupport

extension SitePage {
    /// Each page's render key, in the order of `kinds`, from the value it is rendered from: its
    /// template, its Mustache context and its layout (`ListPageLayout`). An event's texts on it
    /// (its block, its description) stand as the event's key (`RenderKeys.events`), of which they
    /// are made: the key is known without loading or rendering them. A new page kind needs no
    /// key written for it, and whatever a page shows is in its key.
    static func keys(
        of kinds: [Kind], input: SiteInput, keys: RenderKeys, charts: [String: String]
    ) -> [String] {
        let standIns = TextsByEvent(given: keys.events)
        let parts = Parallel.chunks(of: kinds, empty: [Int: [String]]()) { part in
            // Contexts per core: their date formatters are costly to make and not thread-safe.
            let contexts = PageContexts(
                input: input, plainDescriptions: standIns, eventBlocks: EventBlocks(standIns: standIns))
            let made = part.map { kind in
                let page = SitePage(kind, input: input, contexts: contexts)
                var key = ContentHash.Builder(keys.site, "list page 1", page.template)
                let layout = ListPageLayout(page, charts: charts, thumbnails: input.thumbnails)
                key.add(ContentHash.of(layout, kind: "list page layout"))
                ContextKey.add(page.context, to: &key)
                return key.hex()
            }
            return [part.startIndex: made]
        } merge: { all, part in
            all.merge(part) { first, _ in first }
        }
        return parts.keys.sorted().flatMap { parts[$0] ?? [] }
    }
}
