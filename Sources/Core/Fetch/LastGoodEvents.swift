import Foundation
import MeetupModel
import MeetupSupport

/// Each query's events from its last successful run, kept in the cache folder
/// (`queries/<query-id>.json`, written atomically), so a query that fails tonight
/// still shows yesterday's events, marked stale, instead of vanishing from the site.
package struct LastGoodEvents: Sendable {
    package let directory: URL

    package init(cacheDirectory: URL) {
        directory = CacheFolder.lastGoodEvents(cacheDirectory)
    }

    /// Query ids are validated slugs, safe as file names.
    private func file(for queryID: String) -> URL { directory.appendingPathComponent("\(queryID).json") }

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
        try FileOperations.writeAtomically(Data(text.utf8), to: file(for: queryID))
    }

    /// The last good events and when they were fetched; nil when there are none or the file is unreadable.
    package func load(for queryID: String) -> (events: [Event], fetchedAt: Date)? {
        guard let data = try? Data(contentsOf: file(for: queryID)),
            let record = try? JSONValue.parse(data),
            let fetchedAt = record["fetchedAt"]?.doubleValue,
            let items = record["events"]?.arrayValue
        else { return nil }
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
