import Glibc
import Foundation
import MeetupSupport

/// Everything written to stderr goes through here, so log lines and the live
/// progress line never garble each other. On a terminal the progress line is
/// redrawn in place; otherwise (cron) there is no progress line at all. When stderr is
/// the journal (systemd's `JOURNAL_STREAM` names it), each line starts with its syslog
/// priority (`<3>` error, `<4>` warning, `<6>` info, `<7>` debug), so
/// `journalctl -p warning -u meetup-report` shows the bad nights. `--quiet` says nothing
/// on a good night: its warnings are kept and printed only if the run fails.
final class Console: Sendable {
    enum Mode: Sendable { case quiet, normal, verbose }

    /// sd-daemon's priorities for the journal.
    enum Priority: Int, Sendable {
        case error = 3, warning = 4, info = 6, debug = 7
    }

    let mode: Mode
    let isTerminal: Bool
    /// Stderr is the journal's stream: lines carry `<N>` priorities.
    let isJournal: Bool
    private let state = LockedBox(State())

    private struct State {
        var progress = ""
        var lastDraw = ContinuousClock.now - .seconds(1)
        /// `--quiet`: warnings held until the run's outcome is known.
        var held: [String] = []
    }

    init(mode: Mode, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.mode = mode
        isTerminal = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        isJournal = Self.stderrIsJournal(environment["JOURNAL_STREAM"])
    }

    /// `JOURNAL_STREAM` is "device:inode" of the stream systemd connected; it counts only while
    /// stderr is still that stream (a shell in the unit may have redirected it).
    static func stderrIsJournal(_ value: String?) -> Bool {
        guard let parts = value?.split(separator: ":"), parts.count == 2,
            let device = UInt64(parts[0]), let inode = UInt64(parts[1])
        else { return false }
        var status = stat()
        guard fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// A log line, printed above the progress line.
    func line(_ text: String, priority: Priority = .info) {
        let text = isJournal ? "<\(priority.rawValue)>" + text : text
        state.withLock { state in
            if mode == .quiet, priority != .error {
                state.held.append(text)
                return
            }
            var output = state.progress.isEmpty ? "" : "\r\u{1B}[K"
            output += text + "\n"
            output += state.progress
            Self.write(output)
        }
    }

    /// Replaces the progress line (terminal only, not in quiet mode), at most ~20 times a second.
    func progress(_ text: String, force: Bool = false) {
        guard isTerminal, mode != .quiet else { return }
        state.withLock { state in
            let now = ContinuousClock.now
            guard force || now - state.lastDraw > .milliseconds(50) else {
                state.progress = text
                return
            }
            state.lastDraw = now
            state.progress = text
            Self.write("\r\u{1B}[K" + text)
        }
    }

    /// Clears the progress line and prints the summary, always the last line on stderr
    /// (with `--quiet`, only for a failed run, after the warnings it held).
    func finish(summary: String, failed: Bool = true) {
        let line = isJournal ? "<\((failed ? Priority.error : .info).rawValue)>" + summary : summary
        state.withLock { state in
            let clear = state.progress.isEmpty ? "" : "\r\u{1B}[K"
            state.progress = ""
            if mode == .quiet {
                if failed { Self.write(clear + state.held.map { $0 + "\n" }.joined() + line + "\n") }
                state.held = []
                return
            }
            Self.write(clear + line + "\n")
        }
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
