import Foundation
import MeetupConfig
import MeetupHistory
import MeetupSupport

/// `meetup-report backup`: the history database (the record) copied while runs may write.
package enum HistoryBackup {
    package enum Outcome: Sendable {
        case success(bytes: Int)
        case failure(String)
    }

    package static func copy(config: ReportConfig, to file: URL) -> Outcome {
        let path = HistoryStore.defaultPath(stateDirectory: config.stateDirectory)
        guard FileManager.default.fileExists(atPath: path.path) else {
            return .failure("no history at \(path.path) yet: a run makes it")
        }
        do throws(HistoryError) {
            try HistoryStore(path: path).backup(to: file)
            return .success(bytes: FileOperations.fileSize(file) ?? 0)
        } catch {
            return .failure(error.description)
        }
    }
}
