import CPlatform

/// What `meetup-report --version` says: the release, and the commit when the binary
/// was built from a clone by the Makefile (which passes it to the C compiler).
public enum BuildInfo {
    public static let version = "0.5.0"

    public static var commit: String? {
        let commit = String(cString: mr_build_commit())
        return commit.isEmpty ? nil : commit
    }

    public static var versionLine: String {
        commit.map { "\(version) (\($0))" } ?? version
    }
}
