import Foundation
import MeetupModel
import MeetupPhotos
import MeetupSupport

/// What a run did, for the one-line summary and the exit code.
package struct RunSummary: Sendable {
    package var queriesSucceeded = 0
    package var failures: [FetchError] = []
    /// Failed queries whose last good events were published instead, with when those were fetched.
    package var staleSince: [String: Date] = [:]
    /// Distinct events on the site (after the editor's rules).
    package var eventCount = 0
    /// Distinct events found tonight that the editor's rules keep off every page.
    package var eventsRemoved = 0
    /// Per rule, the distinct events it removed from at least one query.
    package var removedByRule: [Removal.Rule: Int] = [:]
    package var photos = PhotoStatistics()
    package var published = false
    /// Why nothing was published, when it was not.
    package var abortReason: String?
    package var seconds = 0.0
    /// When the run started, on the wall clock.
    package var startedAt: Date?
    /// Wall time of each stage that ran: fetch, photos, render, publish.
    package var stageSeconds: [String: Double] = [:]
    /// The process's peak resident memory so far as each stage ended: the stage whose figure
    /// first equals `peakRSSBytes` is where the run's peak was reached.
    package var stagePeakRSSBytes: [String: Double] = [:]
    /// HTTP requests sent, retries included.
    package var requestsSent = 0
    /// Why the publish command failed, when it did (the local site is published).
    package var publishCommandFailure: String?
    /// Tonight's digest as plain text, when `--digest-stdout` asked and there is news.
    package var digestText: String?
    /// Why the digest email was not sent, when it was not (the site is published).
    package var digestMailFailure: String?
    /// Why the digest was not posted to a chat room, one line each (the site is published).
    package var digestChatFailures: [String] = []
    /// What the render made and what it kept from the published site (`RenderMemo`).
    package var render = RenderFigures()
    /// Requests a backfill sent tonight and the past events they brought.
    package var backfillRequests = 0
    package var backfillEvents = 0

    package struct RenderFigures: Sendable {
        package var itemsReused = 0
        package var itemsMade = 0
        package var eventsRendered = 0
    }

    /// Machine-readable figures for `--stats` (benchmarks, monitoring).
    package var statistics: [String: Double] {
        var figures: [String: Double] = [
            "totalSeconds": seconds, "events": Double(eventCount), "queriesFailed": Double(failures.count),
            "photosDownloaded": Double(photos.downloaded), "photosRevalidated": Double(photos.revalidated),
            "photosFromCache": Double(photos.fromCache), "photosFailed": Double(photos.failed),
            "photoBytesDownloaded": Double(photos.bytesDownloaded), "thumbnailsMade": Double(photos.thumbnailsMade),
            "thumbnailSeconds": photos.thumbnailSeconds, "requestsSent": Double(requestsSent),
            "published": published ? 1 : 0,
        ]
        for (stage, seconds) in stageSeconds { figures["\(stage)Seconds"] = seconds }
        for (stage, bytes) in stagePeakRSSBytes { figures["\(stage)PeakRSSBytes"] = bytes }
        figures["eventsRemoved"] = Double(eventsRemoved)
        // This process's own peak (a child such as Pagefind has its own; `make bench` shows both).
        if let peak = Self.peakRSSBytes() { figures["peakRSSBytes"] = peak }
        figures["renderItemsReused"] = Double(render.itemsReused)
        figures["renderItemsMade"] = Double(render.itemsMade)
        figures["eventsRendered"] = Double(render.eventsRendered)
        figures["backfillRequests"] = Double(backfillRequests)
        figures["backfillEvents"] = Double(backfillEvents)
        figures["exitStatus"] = succeeded ? 0 : 1
        if let startedAt { figures["startedAt"] = startedAt.timeIntervalSince1970 }
        for rule in Removal.Rule.allCases {
            figures["removedBy" + rule.rawValue.prefix(1).uppercased() + rule.rawValue.dropFirst()] = Double(
                removedByRule[rule] ?? 0)
        }
        return figures
    }

    /// This process's peak resident memory so far (`getrusage`).
    static func peakRSSBytes() -> Double? {
        var usage = rusage()
        return getrusage(RUSAGE_SELF.rawValue, &usage) == 0 ? Double(usage.ru_maxrss) * 1024 : nil
    }

    /// Exit status 0: every query fresh and the site published.
    package var succeeded: Bool {
        failures.isEmpty && published && publishCommandFailure == nil && digestMailFailure == nil
            && digestChatFailures.isEmpty
    }

    /// One line, the last thing a cron mail shows:
    /// `meetup-report: ok: 4/4 queries, 47 events; photos 5 downloaded, 0 revalidated, 0 from cache, 1 failed; 0.8 s`
    package var line: String {
        let total = queriesSucceeded + failures.count
        // Stopped before any query was asked (a lock, a folder it cannot write): no counts to give.
        if total == 0, !published, let abortReason {
            return "meetup-report: FAILED: \(abortReason); nothing was fetched, the previous site is kept; "
                + String(format: "%.1f s", seconds)
        }
        var text =
            "meetup-report: \(succeeded ? "ok" : "FAILED"): \(queriesSucceeded)/\(total) queries, "
            + "\(eventCount) events\(eventsRemoved > 0 ? " (\(eventsRemoved) removed by curation)" : ""); photos \(photos.downloaded) downloaded, \(photos.revalidated) revalidated, "
            + "\(photos.fromCache) from cache, \(photos.failed) failed; "
            + String(format: "%.1f s", seconds)
        if !failures.isEmpty {
            text +=
                "; failed: "
                + failures.map { failure in
                    let kept =
                        staleSince[failure.queryID].map { "; kept its events from \(ISO8601.formatUTC($0))" } ?? ""
                    return "\(failure.queryID) (\(failure.reason)\(kept))"
                }.joined(separator: ", ")
        }
        for failure in [publishCommandFailure, digestMailFailure].compactMap({ $0 }) + digestChatFailures {
            text += "; " + failure
        }
        if !published {
            text += "; previous site kept" + (abortReason.map { " (\($0))" } ?? "")
        }
        return text
    }
}
