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
        if let failure = save([(queryID, events)], fetchedAt: fetchedAt).first { throw failure.error }
    }

    /// Each query's events saved (or only its stamp, when they are the ones kept); the queries
    /// that could not be, and why. Each event's JSON is made once however many queries found
    /// it (an event is in three of W2's queries), all of them on every core: made one after
    /// the other on the main thread, a night with one changed event spent about 100 samples
    /// writing three queries' 4,500 events while the other core waited (perf).
    private func save(_ lists: [(queryID: String, events: [Event])], fetchedAt: Date)
        -> [(queryID: String, error: any Error)]
    {
        var failures: [(queryID: String, error: any Error)] = []
        var changed: [(queryID: String, events: [Event], hash: String)] = []
        for (queryID, events) in lists {
            let hash = Self.hash(events), file = file(for: queryID), stampFile = stampFile(for: queryID)
            guard let stamp = Stamp(try? Data(contentsOf: stampFile)), stamp.events == hash,
                FileOperations.fileSize(file) == stamp.size
            else {
                changed.append((queryID, events, hash))
                continue
            }
            do {
                try Stamp(events: hash, size: stamp.size, fetchedAt: fetchedAt.timeIntervalSince1970).write(
                    to: stampFile)
            } catch {
                failures.append((queryID, error))
            }
        }
        let json = EventJSONTexts(changed.map(\.events))
        for (queryID, events, hash) in changed {
            do {
                try write(events, for: queryID, hash: hash, json: json, fetchedAt: fetchedAt)
            } catch {
                failures.append((queryID, error))
            }
        }
        return failures
    }

    /// The same as the object `{"events": […], "fetchedAt": …}` compactly.
    private func write(_ events: [Event], for queryID: String, hash: String, json: EventJSONTexts, fetchedAt: Date)
        throws
    {
        let stampFile = stampFile(for: queryID)
        // No stamp while the file changes: a stamp is only ever beside the events it names.
        unlink(stampFile.path)
        var text = "{\"events\":["
        for (index, event) in events.enumerated() {
            if index > 0 { text += "," }
            text += json[event]
        }
        text += "],\"fetchedAt\":" + JSONValue.number(fetchedAt.timeIntervalSince1970).compactJSON + "}"
        let data = Data(text.utf8)
        try FileOperations.writeAtomically(data, to: file(for: queryID))
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
        let succeeded = fetched.outcomes.compactMap { entry -> (queryID: String, events: [Event])? in
            if case .succeeded(let events) = entry.outcome { (entry.query.id, events) } else { nil }
        }
        let saveFailures = save(succeeded, fetchedAt: now).map {
            "query \($0.queryID): cannot keep its events for later runs: \($0.error.localizedDescription)"
        }
        let outcomes = fetched.outcomes.map { entry -> (query: EventQuery, outcome: QueryOutcome) in
            guard case .failed(let error) = entry.outcome, let last = load(for: entry.query.id) else { return entry }
            return (entry.query, .stale(events: last.events, since: last.fetchedAt, error: error))
        }
        return (FetchedEvents(outcomes: outcomes, groups: fetched.groups), saveFailures)
    }
}

/// Each distinct event's compact JSON, made on every core. An event that differs between
/// queries (fetched moments apart) is written as each has it.
private struct EventJSONTexts {
    private var byID: [String: [(event: Event, json: String)]] = [:]

    init(_ lists: [[Event]]) {
        var distinct: [Event] = []
        var seen: [String: [Event]] = [:]
        for event in lists.joined() where seen[event.id]?.contains(event) != true {
            seen[event.id, default: []].append(event)
            distinct.append(event)
        }
        let texts = Parallel.map(distinct) { $0.jsonValue.compactJSON }
        for (event, json) in zip(distinct, texts) { byID[event.id, default: []].append((event, json)) }
    }

    subscript(event: Event) -> String {
        byID[event.id]?.first { $0.event == event }?.json ?? event.jsonValue.compactJSON
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
