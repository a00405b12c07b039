import Foundation
import MeetupConfig
import MeetupSupport

extension RunLock {
    /// The locks a run over `config` needs: its cache and its output folder.
    package static func acquire(
        for config: ReportConfig, holder: Holder = .run, maxWait: Duration = RunLock.defaultWait,
        onWait: (@Sendable (String) -> Void)? = nil
    ) throws(Failure) -> [RunLock] {
        let output = config.outputDirectory.standardizedFileURL
        return [
            try RunLock(path: cacheLockPath(config.cacheDirectory), holder: holder, maxWait: maxWait, onWait: onWait),
            try RunLock(
                path: output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).lock"),
                holder: holder, maxWait: maxWait, onWait: onWait),
        ]
    }
}
