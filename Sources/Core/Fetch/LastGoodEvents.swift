import Foundation
import MeetupModel
import MeetupSupport

/// Each query's events from its last successful run, kept in the cache folder
/// (`queries/<query-id>.json`, written atomically), so a query that fails tonight
/// still shows yesterday's events, marked stale, instead of vanishing from the site.
/// Beside each, `<query-id>.stamp` says which events the file holds (their fingerprints'
/// hash and the file's size) and when they were last fetched: a night whose events are the
/// ones kept writes only the stamp. Rewriting 10,000 events' JSON for the fetch time alone
/// was 0.3 s of W2's fetch stage every night (perf).
package struct LastGoodEvents: Sendable {
    package let directory: URL

    package init(cacheDirectory: URL) {
        directory = CacheFolder.lastGoodEvents(cacheDirectory)
    }

    /// Query ids are validated slugs, safe as file names.
    private func file(for queryID: String) -> URL { directory.appendingPathComponent("\(queryID).json") }
    private func stampFile(for queryID: String) -> URL { directory.appendingPathComponent("\(queryID).stamp") }

    fileprivate struct Stamp {
        var events: String, size: Int, fetchedAt: Double

        func write(to file: URL) throws {
            let json = JSONValue.object([
                "events": .string(events), "size": .number(Double(size)), "fetchedAt": .number(fetchedAt),
            ])
            try FileOperations.writeAtomically(Data(json.compactJSON.utf8), to: file)
        }
    }

    /// What identifies a list of events: their fingerprints, in order.
    private static func hash(_ events: [Event]) -> String {
        var key = ContentHash.Builder("last-good-1")
        for event in events { key.add(event.fingerprint) }
        return key.hex()
    }

    package func save(_ events: [Event], for queryID: String, fetchedAt: Date) throws {
        var written: [String: (Event, String)] = [:]
        try save(events, for: queryID, fetchedAt: fetchedAt, written: &written)
    }

    /// The same as the object `{"events": […], "fetchedAt": …}` compactly, each event written
    /// once per run however many queries found it (`written`, by event id): an event is in
    /// three queries' files, and writing them was a tenth of a warm W2 night (BENCHMARKS.md).
    /// An event that differs between queries (fetched moments apart) is written as each has it.
    private func save(_ events: [Event], for queryID: String, fetchedAt: Date, written: inout [String: (Event, String)])
        throws
    {
        let hash = Self.hash(events), file = file(for: queryID), stampFile = stampFile(for: queryID)
        if let stamp = Stamp(try? Data(contentsOf: stampFile)), stamp.events == hash,
            FileOperations.fileSize(file) == stamp.size
        {
            try Stamp(events: hash, size: stamp.size, fetchedAt: fetchedAt.timeIntervalSince1970).write(to: stampFile)
            return
        }
        // No stamp while the file changes: a stamp is only ever beside the events it names.
        unlink(stampFile.path)
        var text = "{\"events\":["
        for (index, event) in events.enumerated() {
            if index > 0 { text += "," }
            if let (same, json) = written[event.id], same == event {
                text += json
            } else {
                let json = event.jsonValue.compactJSON
                written[event.id] = (event, json)
                text += json
            }
        }
        text += "],\"fetchedAt\":" + JSONValue.number(fetchedAt.timeIntervalSince1970).compactJSON + "}"
        let data = Data(text.utf8)
        try FileOperations.writeAtomically(data, to: file)
        try? Stamp(events: hash, size: data.count, fetchedAt: fetchedAt.timeIntervalSince1970).write(to: stampFile)
    }

    /// The last good events and when they were fetched (the stamp's time when it names this
    /// file); nil when there are none or the file is unreadable.
    package func load(for queryID: String) -> (events: [Event], fetchedAt: Date)? {
        guard let data = try? Data(contentsOf: file(for: queryID)),
            let record = try? JSONValue.parse(data),
            var fetchedAt = record["fetchedAt"]?.doubleValue,
            let items = record["events"]?.arrayValue
        else { return nil }
        if let stamp = Stamp(try? Data(contentsOf: stampFile(for: queryID))), stamp.size == data.count {
            fetchedAt = max(fetchedAt, stamp.fetchedAt)
        }
        return (items.compactMap(Event.init(jsonValue:)), Date(timeIntervalSince1970: fetchedAt))
    }

    /// Saves every successful query and stands last good events in for failed ones.
    package func reconcile(_ fetched: FetchedEvents, now: Date) -> (FetchedEvents, saveFailures: [String]) {
        var saveFailures: [String] = []
        var written: [String: (Event, String)] = [:]
        let outcomes = fetched.outcomes.map { entry -> (query: EventQuery, outcome: QueryOutcome) in
            switch entry.outcome {
            case .succeeded(let events):
                do {
                    try save(events, for: entry.query.id, fetchedAt: now, written: &written)
                } catch {
                    saveFailures.append(
                        "query \(entry.query.id): cannot keep its events for later runs: \(error.localizedDescription)")
                }
                return entry
            case .failed(let error):
                guard let last = load(for: entry.query.id) else { return entry }
                return (entry.query, .stale(events: last.events, since: last.fetchedAt, error: error))
            case .stale:
                return entry
            }
        }
        return (FetchedEvents(outcomes: outcomes, groups: fetched.groups), saveFailures)
    }
}

extension LastGoodEvents.Stamp {
    /// A stamp as written; nil when there is none or it is damaged (the file's own time stands).
    init?(_ data: Data?) {
        guard let data, let value = try? JSONValue.parse(data), let events = value["events"]?.stringValue,
            let size = value["size"]?.intValue, let fetchedAt = value["fetchedAt"]?.doubleValue
        else { return nil }
        self.init(events: events, size: size, fetchedAt: fetchedAt)
    }
}
