import Foundation
import MeetupSupport

/// The memory a run holds at once: its process and every process it started (Pagefind),
/// added together. `wait4` and GNU time give only the largest single process, which hid that
/// W2's cold night held meetup-report and two Pagefinds at the same moment.
final class ProcessTreeMemory: Sendable {
    /// How often the tree is read from /proc: Pagefind runs for seconds; a finer interval
    /// would take more of the two cores from the run it measures.
    static let interval: TimeInterval = 0.1

    private let root: pid_t
    private let state = LockedBox((running: true, peak: 0))
    private let finished = DispatchGroup()
    /// Signalled by `stop()`: the sampler waits on it between samples rather than sleeping, so it
    /// stops at once (it slept out its interval, and `ChildProcess` timed the run after `stop()`).
    private let wake = DispatchSemaphore(value: 0)

    /// Starts sampling `root` and its descendants until `stop()`.
    init(root: pid_t, interval: TimeInterval = ProcessTreeMemory.interval) {
        self.root = root
        finished.enter()
        DispatchQueue.global().async { [self] in
            while state.withLock({ $0.running }) {
                let bytes = Self.residentBytes(under: root)
                state.withLock { $0.peak = max($0.peak, bytes) }
                _ = wake.wait(timeout: .now() + interval)
            }
            finished.leave()
        }
    }

    /// Stops sampling; the largest sum seen.
    func stop() -> Int {
        state.withLock { $0.running = false }
        wake.signal()
        finished.wait()
        return state.withLock { $0.peak }
    }

    /// Resident bytes of `root` and of every process descended from it, from `/proc/<pid>/stat`
    /// (its parent, field 4, and resident pages, field 24).
    static func residentBytes(under root: pid_t) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var parent: [pid_t: pid_t] = [:]
        var resident: [pid_t: Int] = [:]
        for name in names {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 21, let ppid = pid_t(fields[1]), let pages = Int(fields[21]) else { continue }
            parent[pid] = ppid
            resident[pid] = pages * pageSize
        }
        return resident.reduce(0) { total, entry in
            var pid = entry.key
            while pid > 1, pid != root { pid = parent[pid] ?? 0 }
            return pid == root ? total + entry.value : total
        }
    }
}
