import Foundation

/// Keeps two runs (overlapping cron jobs) from working on the same cache or output
/// at once. An advisory `flock` on a small file: the kernel drops it when the
/// process dies, even by SIGKILL, so a crashed run never leaves a stale lock.
///
/// The file says who holds it (`<pid> <holder>`). Two runs refuse each other, as before; a short
/// command (`auth`, `check`) and a run never make each other fail: whichever comes second
/// waits for the lock, at most `maxWait`, saying once that it waits and for what.
package final class RunLock: Sendable {
    package let path: URL
    private let descriptor: Int32

    /// What holds (or wants) the lock.
    package enum Holder: String, Sendable {
        case run, auth, check, discover

        /// A command that holds the lock for seconds, not for a night's run.
        package var isShort: Bool { self != .run }

        package var name: String { self == .run ? "another meetup-report run" : "`meetup-report \(rawValue)`" }
    }

    package enum Failure: Error, Sendable, CustomStringConvertible {
        case held(path: String, owner: String?, holder: Holder? = nil, waitedSeconds: Int? = nil)
        case cannotOpen(path: String, reason: String)

        package var description: String {
            switch self {
            case .held(let path, let owner, let holder, let waited):
                let who =
                    holder.map { $0 == .run ? "another meetup-report run is in progress" : "\($0.name) is running" }
                    ?? "another meetup-report run is in progress"
                return "\(who) (\(owner.map { "pid \($0), " } ?? "")lock \(path))"
                    + (waited.map { "; waited \($0) s for it" } ?? "") + "; this run did nothing"
            case .cannotOpen(let path, let reason):
                return "cannot create the lock file \(path): \(reason)"
            }
        }
    }

    /// The default bound on waiting between a short command and a run.
    package static let defaultWait: Duration = .seconds(120)

    /// Takes the lock at `path` for `holder`; waits (polling, at most `maxWait`) only where a
    /// short command is on either side, telling `onWait` once what it waits for.
    package init(
        path: URL, holder: Holder = .run, maxWait: Duration = RunLock.defaultWait,
        onWait: (@Sendable (String) -> Void)? = nil
    ) throws(Failure) {
        self.path = path
        try? FileOperations.createDirectory(path.deletingLastPathComponent())
        let descriptor = open(path.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path.path, reason: String(cString: strerror(errno))) }
        let started = ContinuousClock.now
        var announced = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let owner = Self.owner(of: path)
            let waits = holder.isShort || owner.holder?.isShort == true
            let waited = ContinuousClock.now - started
            guard waits, waited < maxWait else {
                close(descriptor)
                throw .held(
                    path: path.path, owner: owner.pid, holder: owner.holder,
                    waitedSeconds: waits ? Int(waited.seconds.rounded()) : nil)
            }
            if !announced {
                announced = true
                let who = owner.holder?.name ?? "another meetup-report command"
                onWait?(
                    "waiting for \(who)\(owner.pid.map { " (pid \($0))" } ?? "") to release \(path.path), "
                        + "at most \(Int(maxWait.seconds)) s")
            }
            usleep(50_000)  // flock has no timeout: the lock is polled, 20 times a second
        }
        ftruncate(descriptor, 0)
        let line = "\(getpid()) \(holder.rawValue)\n"
        _ = line.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Who the lock file says holds it: `<pid> <holder>` (a file from before holders: the pid).
    static func owner(of path: URL) -> (pid: String?, holder: Holder?) {
        let words = ((try? String(contentsOf: path, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
        return (words.first.map(String.init), words.dropFirst().first.flatMap { Holder(rawValue: String($0)) })
    }

    /// The cache's lock: runs, and `auth` (which may rotate the refresh token kept there).
    package static func cacheLockPath(_ cacheDirectory: URL) -> URL {
        CacheFolder.lock(cacheDirectory)
    }
}
