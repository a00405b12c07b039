import Foundation
import MeetupModel
import MeetupSupport

/// The run as metrics in the node_exporter textfile-collector format (config
/// `metrics.file`), written atomically at the end of every run, a failed one too, so an
/// alert can fire on a failed night or on no successful night for a day. The last
/// success is carried over from the previous file when this run failed.
enum MetricsFile {
    static let prefix = "meetup_report"

    static func write(_ summary: RunSummary, to file: URL, finishedAt: Date, observer: any RunObserver) {
        let previous = (try? String(contentsOf: file, encoding: .utf8)).flatMap(lastSuccess(in:))
        let text = render(summary, finishedAt: finishedAt, lastSuccess: summary.succeeded ? finishedAt : previous)
        do {
            try FileOperations.createDirectory(file.deletingLastPathComponent())
            try FileOperations.writeAtomically(Data(text.utf8), to: file)
        } catch {
            observer.warning("cannot write the metrics to \(file.path): \(error.localizedDescription)")
        }
    }

    /// The exposition text, each metric with its HELP and TYPE.
    static func render(_ summary: RunSummary, finishedAt: Date, lastSuccess: Date?) -> String {
        var text = ""
        func metric(_ name: String, _ help: String, _ samples: [(labels: String, value: Double)]) {
            text += "# HELP \(prefix)_\(name) \(help)\n# TYPE \(prefix)_\(name) gauge\n"
            for sample in samples { text += "\(prefix)_\(name)\(sample.labels) \(NumberText.plain(sample.value))\n" }
        }
        let stale = summary.staleSince.count
        metric(
            "last_run_timestamp_seconds", "When the last run ended (Unix time).",
            [("", finishedAt.timeIntervalSince1970.rounded())])
        if let lastSuccess {
            metric(
                "last_success_timestamp_seconds", "When the last fully successful run ended (Unix time).",
                [("", lastSuccess.timeIntervalSince1970.rounded())])
        }
        metric("exit_status", "The last run's exit status (0 success, 1 failure).", [("", summary.succeeded ? 0 : 1)])
        metric("published", "1 when the last run published the site.", [("", summary.published ? 1 : 0)])
        metric("events", "Events on the site after the last run.", [("", Double(summary.eventCount))])
        metric(
            "events_removed", "Events the curation rules removed, per rule.",
            Removal.Rule.allCases.map { ("{rule=\"\($0.rawValue)\"}", Double(summary.removedByRule[$0] ?? 0)) })
        metric(
            "queries", "Queries by outcome in the last run.",
            [
                ("{state=\"ok\"}", Double(summary.queriesSucceeded)), ("{state=\"stale\"}", Double(stale)),
                ("{state=\"failed\"}", Double(summary.failures.count - stale)),
            ])
        metric(
            "photos", "Photos by outcome in the last run.",
            [
                ("{result=\"downloaded\"}", Double(summary.photos.downloaded)),
                ("{result=\"revalidated\"}", Double(summary.photos.revalidated)),
                ("{result=\"cached\"}", Double(summary.photos.fromCache)),
                ("{result=\"failed\"}", Double(summary.photos.failed)),
            ])
        metric("requests", "HTTP requests the last run sent, retries included.", [("", Double(summary.requestsSent))])
        metric(
            "stage_seconds", "Seconds each stage of the last run took.",
            summary.stageSeconds.sorted { $0.key < $1.key }.map { ("{stage=\"\($0.key)\"}", $0.value) })
        metric("run_seconds", "Seconds the last run took.", [("", summary.seconds)])
        return text
    }

    /// The previous file's last success, to carry it over a failed night.
    static func lastSuccess(in text: String) -> Date? {
        let name = "\(prefix)_last_success_timestamp_seconds "
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let value = Double(line.dropFirst(name.count))
        else { return nil }
        return Date(timeIntervalSince1970: value)
    }
}
