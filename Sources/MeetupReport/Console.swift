import Glibc
import Foundation
import MeetupSupport

/// Everything written to stderr goes through here, so log lines and the live
/// progress line never garble each other. On a terminal the progress line is
/// redrawn in place; otherwise (cron) there is no progress line at all.
final class Console: Sendable {
    enum Mode: Sendable { case quiet, normal, verbose }

    let mode: Mode
    let isTerminal: Bool
    private let state = LockedBox(State())

    private struct State {
        var progress = ""
        var lastDraw = ContinuousClock.now - .seconds(1)
    }

    init(mode: Mode) {
        self.mode = mode
        isTerminal = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// A log line, printed above the progress line.
    func line(_ text: String) {
        state.withLock { state in
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

    /// Clears the progress line and prints the summary, always the last line on stderr.
    func finish(summary: String) {
        state.withLock { state in
            let clear = state.progress.isEmpty ? "" : "\r\u{1B}[K"
            state.progress = ""
            Self.write(clear + summary + "\n")
        }
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
