import Foundation
import MeetupPipeline

struct RunMeasurement {
    var child: ChildResult
    var figures: [String: Double]
    var requests: Int
    var photoBytes: Int
    /// What the run rewrote in the published site.
    var changes = OutputChanges()

    var wallSeconds: Double { child.wallSeconds }
}

struct WorkloadReport {
    var name: String
    var cold: RunMeasurement
    var warm: RunMeasurement
    /// A warm night on which one event's title changed.
    var changed: RunMeasurement
    var offline: RunMeasurement
    /// The site's first night with a past event (its archive begins): once in a site's life.
    var firstPastNight: RunMeasurement
    /// A week's end a week on, Sunday 29 to Monday 30: the clock a day on, the day's events begun.
    var nextNight: RunMeasurement
    /// A month's end, Monday 30 November to Tuesday 1 December.
    var monthNight: RunMeasurement
    /// A night that ends nothing but its day, Tuesday to Wednesday.
    var weekdayNight: RunMeasurement
    /// A warm night with search off, to price it.
    var searchOff: RunMeasurement?
    var latencyBound: Double
    /// The longest query's pages in sequence: what a warm night's fetch waits for at least.
    var fetchBound: Double
    var cpuBound: Double

    var ideal: Double { max(latencyBound, cpuBound) }

    static func table(_ rows: [WorkloadReport]) -> String {
        var lines = [
            "| | " + rows.map(\.name).joined(separator: " | ") + " |",
            "|---|" + rows.map { _ in "---:|" }.joined(),
        ]
        func row(_ label: String, _ value: (WorkloadReport) -> String) {
            lines.append("| \(label) | " + rows.map(value).joined(separator: " | ") + " |")
        }
        func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        row("cold run, wall") { seconds($0.cold.wallSeconds) }
        row("ideal (max of bounds)") { seconds($0.ideal) }
        row("  latency bound") { seconds($0.latencyBound) }
        row("  CPU bound") { seconds($0.cpuBound) }
        row("**cold / ideal**") { String(format: "**%.2fx**", $0.cold.wallSeconds / $0.ideal) }
        row("cold: requests sent") { "\($0.cold.requests)" }
        row("cold: photo bytes downloaded") { megabytes($0.cold.photoBytes) }
        row("cold: thumbnails made") { String(format: "%.0f", $0.cold.figures["thumbnailsMade"] ?? 0) }
        row("cold: thumbnail time per image (in the run)") { report in
            let made = max(1, report.cold.figures["thumbnailsMade"] ?? 1)
            return String(format: "%.1f ms", (report.cold.figures["thumbnailSeconds"] ?? 0) / made * 1000)
        }
        row("cold: CPU time (user + system)") { seconds($0.cold.child.cpuSeconds) }
        row("cold: peak RSS") { megabytes($0.cold.child.peakRSSBytes) }
        func stages(_ run: RunMeasurement) -> String {
            ["fetch", "photos", "render", "search", "searchWait", "publish"].map {
                String(format: "%.2f", run.figures["\($0)Seconds"] ?? 0)
            }
            .joined(separator: " / ") + " s"
        }
        row("cold: fetch / photos / render / search beside it / its wait / publish") { stages($0.cold) }
        row("warm run (nothing changed), wall") { seconds($0.warm.wallSeconds) }
        row("warm: CPU time") { seconds($0.warm.child.cpuSeconds) }
        row("warm: fetch / photos / render / search beside it / its wait / publish") { stages($0.warm) }
        row("warm: fetch / its latency bound") { report in
            String(format: "%.2fx", (report.warm.figures["fetchSeconds"] ?? 0) / report.fetchBound)
        }
        row("warm: requests / photo bytes") { "\($0.warm.requests) / \(megabytes($0.warm.photoBytes))" }
        row("warm: peak RSS") { megabytes($0.warm.child.peakRSSBytes) }
        row("warm: files rewritten (a re-run at the same moment)") { $0.warm.changes.text }
        row("warm, one event changed, wall") { seconds($0.changed.wallSeconds) }
        row("one changed: CPU time") { seconds($0.changed.child.cpuSeconds) }
        row("one changed: fetch / photos / render / search beside it / its wait / publish") { stages($0.changed) }
        row("--offline re-render, wall") { seconds($0.offline.wallSeconds) }
        row("--offline: CPU time") { seconds($0.offline.child.cpuSeconds) }
        row("--offline: render time") { seconds($0.offline.figures["renderSeconds"] ?? 0) }
        row("--offline: peak RSS") { megabytes($0.offline.child.peakRSSBytes) }
        let nights = [
            ("the first night with a past event (the archive begins)", \WorkloadReport.firstPastNight),
            ("next night Sun → Mon (a day's events begun, nothing else changed)", \WorkloadReport.nextNight),
            ("a month's end Mon → Tue 1 Dec (the same, the month's figures moved)", \WorkloadReport.monthNight),
            ("next night Tue → Wed (a day's events begun, nothing else changed)", \WorkloadReport.weekdayNight),
        ]
        for (name, night) in nights {
            row("\(name), wall") {
                seconds($0[keyPath: night].wallSeconds)
            }
            row("  CPU time") { seconds($0[keyPath: night].child.cpuSeconds) }
            row("  render items made / reused") { report in
                let figures = report[keyPath: night].figures
                return String(format: "%.0f / %.0f", figures["renderItemsMade"] ?? 0, figures["renderItemsReused"] ?? 0)
            }
            row("  fetch / photos / render / search beside it / its wait / publish") { stages($0[keyPath: night]) }
            row("  files rewritten (what rsync sends)") { $0[keyPath: night].changes.text }
        }
        row("one event changed: files rewritten (what rsync sends)") { $0.changed.changes.text }
        if rows.contains(where: { $0.searchOff != nil }) {
            row("the price of search: nothing changed, search off / on, wall") { report in
                report.searchOff.map { String(format: "%.2f / %.2f s", $0.wallSeconds, report.warm.wallSeconds) } ?? "-"
            }
            row("the price of search: search stage cold / one changed / nothing changed") { report in
                ["searchSeconds"].map { key in
                    String(
                        format: "%.2f / %.2f / %.2f s", report.cold.figures[key] ?? 0, report.changed.figures[key] ?? 0,
                        report.warm.figures[key] ?? 0)
                }.joined()
            }
        }
        let runs = { (report: WorkloadReport) in
            [
                report.cold, report.warm, report.changed, report.offline, report.firstPastNight, report.nextNight,
                report.monthNight, report.weekdayNight,
            ]
                + (report.searchOff.map { [$0] } ?? [])
        }
        row("peak RSS of meetup-report, largest of all runs") { report in
            megabytes(Int(runs(report).compactMap { $0.figures["peakRSSBytes"] }.max() ?? 0))
        }
        row("peak RSS of any process of a run (Pagefind included), largest") { report in
            megabytes(runs(report).map(\.child.peakRSSBytes).max() ?? 0)
        }
        row("peak RSS of a run's processes together (sampled every 100 ms), largest") { report in
            megabytes(runs(report).map(\.child.treePeakRSSBytes).max() ?? 0)
        }
        row("where meetup-report's peak was reached: cold / next night") { report in
            [report.cold, report.nextNight].map(Self.peakStage).joined(separator: " / ")
        }
        return lines.joined(separator: "\n")
    }

    /// The first stage that ended with the run's peak resident memory (`<stage>PeakRSSBytes`).
    static func peakStage(_ run: RunMeasurement) -> String {
        guard let peak = run.figures["peakRSSBytes"] else { return "-" }
        return ReportRun.stepNames.first { (run.figures[$0 + "PeakRSSBytes"] ?? 0) >= peak } ?? "-"
    }
}
