import Foundation

/// Keeps two runs (overlapping cron jobs) from working on the same cache or output
/// at once. An advisory `flock` on a small file: the kernel drops it when the
/// process dies, even by SIGKILL, so a crashed run never leaves a stale lock.
public final class RunLock: Sendable {
    public let path: URL
    private let descriptor: Int32

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case held(path: String, owner: String?)
        case cannotOpen(path: String, reason: String)

        public var description: String {
            switch self {
            case .held(let path, let owner):
                "another meetup-report run is in progress (\(owner.map { "pid \($0), " } ?? "")lock \(path)); this run did nothing"
            case .cannotOpen(let path, let reason):
                "cannot create the lock file \(path): \(reason)"
            }
        }
    }

    /// Takes the lock at `path` without waiting.
    public init(path: URL) throws(Failure) {
        self.path = path
        try? FileOperations.createDirectory(path.deletingLastPathComponent())
        let descriptor = open(path.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path.path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let owner = (try? String(contentsOf: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw .held(path: path.path, owner: owner?.isEmpty == false ? owner : nil)
        }
        ftruncate(descriptor, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// The cache's lock: runs, and `auth` (which may rotate the refresh token kept there).
    public static func cacheLockPath(_ cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent(".lock")
    }
}
