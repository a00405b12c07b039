import MeetupModel
import MeetupSupport

/// A run's event nodes, each read once however many answers hold it. W2's 10,000 events arrive
/// as 30,000 nodes (each found by 3 of 20 queries); parsing and mapping every copy was most of
/// the fetch stage's CPU (`meetup-report-bench --parse-only`).
///
/// The parser hands each node's bytes over by their digest (`JSONRepeatedObjects`): the first
/// time, parsed, to be mapped here; later, without being parsed. Either way the answer's tree
/// holds a stand-in in the node's place, which `event(for:)` turns into the node's event, so no
/// node's tree outlives its mapping: kept for the whole fetch they were 30 MB more at its peak.
/// A node that differs between two answers (fetched moments apart) is read as its own. Nothing
/// is kept from one night to the next: a file of last night's nodes saved 0.2-0.3 s of CPU on
/// W2's next night (beside its requests) and was one more format to keep valid; it went in
/// issue 64 (BENCHMARKS.md's ledger).
package final class EventNodes: JSONRepeatedObjects {
    package let memberName = "node"
    private let table = LockedBox(Table())

    private struct Table {
        var numbers: [JSONObjectDigest: Int] = [:]
        var events: [Event?] = []

        /// The node's number: a new one, or the one another answer holding the same node got first.
        mutating func add(_ event: Event?, digest: JSONObjectDigest) -> Int {
            if let number = numbers[digest] { return number }
            events.append(event)
            numbers[digest] = events.count - 1
            return events.count - 1
        }
    }

    /// The stand-in's one member: its value is the node's number in the table.
    private static let standInKey = "eventNode"

    package init() {}

    /// How many distinct nodes were read (for the bench).
    package var count: Int { table.withLock { $0.events.count } }

    package func known(_ digest: JSONObjectDigest) -> JSONValue? {
        table.withLock { $0.numbers[digest] }.map(Self.standIn)
    }

    package func first(_ value: JSONValue, digest: JSONObjectDigest) -> JSONValue {
        let event = EventMapper.graphQLEvent(value)
        // Its fingerprint (which the last good events, the render keys and the search ask for)
        // made here, on the thread that parsed it while other answers are on their way: made
        // when the fetch was over, it was 13.5 ms of W1's next night on one core (perf).
        _ = event?.fingerprint
        return Self.standIn(table.withLock { $0.add(event, digest: digest) })
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
    }

    private static func standIn(_ number: Int) -> JSONValue {
        .object([standInKey: .number(Double(number))])
    }
}
