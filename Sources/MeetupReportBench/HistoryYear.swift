import Foundation
import LoopbackServer
import MeetupConfig
import MeetupHistory
import MeetupModel
import MeetupSupport

/// A simulated year of nightly W1-sized runs through the real history store:
/// 20 queries, 1,000 upcoming events each night (each found by 3 queries), about
/// 35 events ending and 35 appearing per night, 1 % of events moving. Reports the
/// database size, so the retention's effect is a number, not a promise.
enum HistoryYear {
    static func measure(work: URL, nights: Int = 365, retentionDays: Int) throws -> String {
        let path = work.appendingPathComponent("history-year-\(retentionDays).sqlite")
        HistoryStore.reset(at: path)
        let store = try HistoryStore(path: path)
        var settings = HistorySettings()
        settings.retentionDays = retentionDays
        let queries = (0..<20).map { EventQuery(id: "q\($0)", keyword: "topic-\($0)", latitude: 52.5, longitude: 13.4) }
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        var random = SeededGenerator(state: 42)
        var moved: [Int: TimeInterval] = [:]
        let started = ContinuousClock.now
        for night in 0..<nights {
            let now = start.addingTimeInterval(Double(night) * 86_400)
            // Event n starts on night n / 35 + 29: a rolling month of 1,000 upcoming events.
            let first = night * 35
            var perQuery = [[Event]](repeating: [], count: queries.count)
            for number in first..<(first + 1_000) {
                if random.next() % 100 == 0 { moved[number] = Double(random.next() % 5 + 1) * 3600 }
                let startsAt = start.addingTimeInterval(Double(number / 35 + 29) * 86_400 + (moved[number] ?? 0))
                let event = Event(
                    id: "\(500_000_000 + number)", title: "Simulated meetup \(number)",
                    start: ZonedDate(date: startsAt, utcOffsetSeconds: 3600),
                    eventURL: URL(string: "https://www.meetup.com/sim/events/\(500_000_000 + number)/"),
                    venue: Venue(name: "Venue \(number % 97)", city: "Berlin"),
                    group: EventGroup(name: "Group \(number % 400)"))
                for offset in 0..<3 { perQuery[(number + offset) % queries.count].append(event) }
            }
            let fetched = FetchedEvents(outcomes: queries.enumerated().map { ($1, .succeeded(events: perQuery[$0])) })
            let report = try store.report(for: fetched, now: now, settings: settings)
            try store.record(fetched, report: report, now: now, published: true, settings: settings)
        }
        let seconds = ThumbnailComparison.seconds(ContinuousClock.now - started)
        return String(
            format:
                "history: %d simulated nightly W1 runs, retention %d days: database %.1f MB (%.0f ms per night for report + record)",
            nights, retentionDays, Double(store.fileSize) / 1_048_576, seconds / Double(nights) * 1000)
    }
}
