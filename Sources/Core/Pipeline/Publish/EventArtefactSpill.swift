import Foundation
import MeetupRender
import MeetupSupport

/// Tonight's made event texts, written to a file in the cache (`render/events.spill`) as the
/// render makes them and read from it when a page asks (`SiteRenderer.render(spill:)`): a cold
/// night need not hold every event's texts at once (W2's 10,000 were 42 MB of the cold night's
/// heap peak, heaptrack). The texts are then kept for the next night in `render/events.bin` as
/// before; this file goes when the render is done (`remove`).
package final class EventArtefactSpill: Sendable {
    private let spill: TextSpill
    package var file: URL { spill.file }

    package init(cacheDirectory: URL, folder: String = "") {
        let name = folder.isEmpty ? "events.spill" : "events-\(folder.dropLast()).spill"
        spill = TextSpill(file: CacheFolder.render(cacheDirectory).appendingPathComponent(name))
    }

    /// `made`'s texts appended to the file and read back from it; nil (they stay in memory)
    /// when the file cannot be written.
    package func write(_ made: [String: EventArtefacts]) -> [String: EventArtefacts]? {
        let fields = EventArtefacts.Field.allCases
        let entries = Array(made)
        let texts = entries.flatMap { entry in fields.map { entry.value[$0] } }
        guard let places = spill.append(texts), let reader = spill.reader else { return nil }
        var spilled: [String: EventArtefacts] = [:]
        for (index, (id, _)) in entries.enumerated() {
            let its = places[index * fields.count..<(index + 1) * fields.count].map { ($0.offset, $0.length) }
            guard let artefacts = EventArtefacts(source: reader, places: its) else { return nil }
            spilled[id] = artefacts
        }
        return spilled
    }

    /// Closes and removes the file; texts still read from it keep it open until they go.
    package func remove() { spill.remove() }
}
