import MeetupModel
import MeetupSupport

/// A run's event nodes, each read once however many answers hold it. W2's 10,000 events arrive
/// as 30,000 nodes (each found by 3 of 20 queries); parsing and mapping every copy was most of
/// the fetch stage's CPU (`meetup-report-bench --parse-only`, BENCHMARKS.md "Issue 34, tenth
/// part").
///
/// The parser hands each node's bytes over by their digest (`JSONRepeatedObjects`): the first
/// time, parsed, to be mapped here; later, without being parsed. Either way the answer's tree
/// holds a stand-in in the node's place, which `event(for:)` turns into the node's event, so no
/// node's tree outlives its mapping: kept for the whole fetch they were 30 MB more at its peak.
/// A node that differs between two answers (fetched moments apart) is read as its own. Given
/// a file (`EventNodeFile`), the nodes of last night's answers are known too: a night reads
/// only the nodes that changed upstream.
package final class EventNodes: JSONRepeatedObjects {
    package let memberName = "node"
    private let table = LockedBox(Table())
    /// Last night's nodes (`EventNodeFile`), read beside tonight's first requests.
    private let lastNight: LockedBox<BackgroundWork<[JSONObjectDigest: Event]>?>
    private let file: EventNodeFile?

    private struct Table {
        var numbers: [JSONObjectDigest: Int] = [:]
        var events: [Event?] = []
        var digests: [JSONObjectDigest] = []
        /// Last night's nodes once read (nil until then): asked under the same lock as tonight's.
        var lastNight: [JSONObjectDigest: Event]?

        /// The node's number: a new one, or the one another answer holding the same node got first.
        mutating func add(_ event: Event?, digest: JSONObjectDigest) -> Int {
            if let number = numbers[digest] { return number }
            events.append(event)
            digests.append(digest)
            numbers[digest] = events.count - 1
            return events.count - 1
        }
    }

    /// The stand-in's one member: its value is the node's number in the table.
    private static let standInKey = "eventNode"

    /// - Parameter file: where last night's nodes are kept and tonight's are (nil: neither).
    package init(file: EventNodeFile? = nil) {
        self.file = file
        lastNight = LockedBox(file.map { file in BackgroundWork { file.load() } })
    }

    /// How many distinct nodes were read (for the bench).
    package var count: Int { table.withLock { $0.events.count } }

    /// One lock a node: tonight's nodes, then last night's (waited for once, the first time).
    package func known(_ digest: JSONObjectDigest) -> JSONValue? {
        let (number, loaded) = table.withLock { table -> (Int?, Bool) in
            if let number = table.numbers[digest] { return (number, true) }
            guard let lastNight = table.lastNight else { return (nil, false) }
            return (lastNight[digest].map { table.add($0, digest: digest) }, true)
        }
        if let number { return Self.standIn(number) }
        guard !loaded, let work = lastNight.withLock({ $0 }) else { return nil }
        let kept = work.wait().value
        table.withLock { table in
            guard table.lastNight == nil else { return }
            table.lastNight = kept
            table.numbers.reserveCapacity(kept.count)
        }
        return known(digest)
    }

    package func first(_ value: JSONValue, digest: JSONObjectDigest) -> JSONValue {
        let event = EventMapper.graphQLEvent(value)
        // Its fingerprint (which the last good events, the render keys and the search ask for)
        // made here, on the thread that parsed it while other answers are on their way: made
        // when the fetch was over, it was 13.5 ms of W1's next night on one core (perf).
        _ = event?.fingerprint
        return Self.standIn(table.withLock { $0.add(event, digest: digest) })
    }

    /// Keeps tonight's nodes for the next night, unless they are the ones kept last night
    /// (a night on which nothing changed upstream writes nothing). Nodes of queries that
    /// failed tonight are not kept: the next night reads them as new.
    package func keep() throws {
        try changedNodes().map { try $0.file.save($0.nodes) }
    }

    /// The same on a thread of its own, not waited for: on W2's night with one event changed,
    /// writing 18 MB was 56 ms of the fetch stage on one core (perf). A run that ends first
    /// leaves last night's file (or an older one): every node it knows is still its event.
    package func keepInBackground() {
        guard let changed = changedNodes() else { return }
        _ = BackgroundWork { try? changed.file.save(changed.nodes) }
    }

    private func changedNodes() -> (file: EventNodeFile, nodes: [(digest: JSONObjectDigest, event: Event)])? {
        guard let file, let lastNight = lastNight.withLock({ $0 }) else { return nil }
        let tonight = table.withLock { table in
            zip(table.digests, table.events).compactMap { digest, event in event.map { (digest: digest, event: $0) } }
        }
        let kept = lastNight.wait().value
        guard tonight.count != kept.count || tonight.contains(where: { kept[$0.digest] == nil }) else { return nil }
        return (file, tonight)
    }

    /// The event in a node's place of a tree parsed with this table (nil: not a usable event).
    /// Every object in a node's place is a stand-in there: the parser reads each through the table.
    func event(for node: JSONValue) -> Event? {
        guard let number = node[Self.standInKey]?.intValue else { return EventMapper.graphQLEvent(node) }
        return table.withLock { $0.events.indices.contains(number) ? $0.events[number] : nil }
    }

    /// Forgets the nodes once the fetch is done: the events the walks kept are all the run needs.
    package func removeAll() {
        table.withLock { $0 = Table() }
        lastNight.withLock { $0 = nil }
    }

    private static func standIn(_ number: Int) -> JSONValue {
        .object([standInKey: .number(Double(number))])
    }
}
