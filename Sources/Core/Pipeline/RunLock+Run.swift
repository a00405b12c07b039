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
        let locks: [(key: String, folder: URL, path: URL)] = [
            ("cache", config.cacheDirectory, cacheLockPath(config.cacheDirectory)),
            (
                "output", output,
                output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).lock")
            ),
        ]
        return try locks.map { (key, folder, path) throws(Failure) in
            do throws(Failure) {
                return try RunLock(path: path, holder: holder, maxWait: maxWait, onWait: onWait)
            } catch .cannotOpen(let path, let reason) {
                // Said as what to change: the config's key, the folder, and who must be able to write it.
                throw .cannotOpen(
                    path: path,
                    reason: "\(reason); the config's `\(key)` (\(folder.path)) must be in a folder this user "
                        + "(\(NSUserName())) can write: make it writable, or set `\(key)` to one that is")
            }
        }
    }
}
