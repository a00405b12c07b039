import CPlatform
import Foundation

/// What `meetup-report --version` says: the release, and the commit when the binary
/// was built from a clone by the Makefile (Scripts/commit-header.sh).
package enum BuildInfo {
    package static let version = "0.5.0"

    package static var commit: String? {
        let commit = String(cString: mr_build_commit())
        return commit.isEmpty ? nil : commit
    }

    /// What every request says it comes from: the tool and its version (`meetup-report/0.5.0`),
    /// so the servers it reads (Meetup's calendar feeds among them) can tell who asks.
    package static let userAgent = "meetup-report/\(version)"

    package static var versionLine: String {
        commit.map { "\(version) (\($0))" } ?? version
    }

    /// The running binary as a file (size and modification time), with the version line: what
    /// the render memo's keys depend on, so a rebuilt binary remakes every page even when it
    /// was built from uncommitted changes at the same commit.
    package static let identity: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return versionLine }
        return "\(versionLine) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()
}
