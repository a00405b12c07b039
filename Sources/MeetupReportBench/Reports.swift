import Foundation

struct RunMeasurement {
    var child: ChildResult
    var figures: [String: Double]
    var requests: Int
    var photoBytes: Int

    var wallSeconds: Double { child.wallSeconds }
}

struct WorkloadReport {
    var name: String
    var cold: RunMeasurement
    var warm: RunMeasurement
    var offline: RunMeasurement
    var latencyBound: Double
    var cpuBound: Double

    var ideal: Double { max(latencyBound, cpuBound) }

    static func table(_ rows: [WorkloadReport]) -> String {
        var lines = ["| | " + rows.map(\.name).joined(separator: " | ") + " |",
                     "|---|" + rows.map { _ in "---:|" }.joined()]
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
        row("cold: fetch / photos / render / publish") { report in
            ["fetch", "photos", "render", "publish"].map { String(format: "%.2f", report.cold.figures["\($0)Seconds"] ?? 0) }
                .joined(separator: " / ") + " s"
        }
        row("cold: CPU time (user + system)") { seconds($0.cold.child.cpuSeconds) }
        row("cold: peak RSS") { megabytes($0.cold.child.peakRSSBytes) }
        row("warm run, wall") { seconds($0.warm.wallSeconds) }
        row("warm: requests / photo bytes") { "\($0.warm.requests) / \(megabytes($0.warm.photoBytes))" }
        row("warm: peak RSS") { megabytes($0.warm.child.peakRSSBytes) }
        row("--offline re-render, wall") { seconds($0.offline.wallSeconds) }
        row("--offline: render time") { seconds($0.offline.figures["renderSeconds"] ?? 0) }
        row("--offline: peak RSS") { megabytes($0.offline.child.peakRSSBytes) }
        return lines.joined(separator: "\n")
    }
}
