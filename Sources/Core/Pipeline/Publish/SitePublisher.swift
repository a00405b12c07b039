import Foundation
import MeetupSupport

package enum PublishError: Error, Sendable, CustomStringConvertible {
    case cannotStage(String, String)
    case cannotSwap(String, String)

    package var description: String {
        switch self {
        case .cannotStage(let path, let reason): "cannot prepare the staging folder \(path): \(reason)"
        case .cannotSwap(let path, let reason): "cannot publish into \(path): \(reason)"
        }
    }
}

/// Publishes a finished site into the output folder in one step. The site is
/// built in a staging folder beside the output (same file system), then the two
/// are exchanged atomically with renameat2(RENAME_EXCHANGE): a web server
/// serving the output folder sees the old site or the new one, never a mix,
/// and a run that fails before `publish` leaves the old site untouched.
///
/// The site the swap takes out is kept beside the output (`.<output>.kept`) and becomes the
/// next night's staging folder: its files are hard links shared with the site published
/// after it, so bringing it up to date costs what changed (`StagingInventory`), not a link
/// per file of the site and a deletion per file of the old one.
package struct SitePublisher: Sendable {
    package let outputDirectory: URL

    package init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory.standardizedFileURL
    }

    private var parent: URL { outputDirectory.deletingLastPathComponent() }
    private var stagingPrefix: String { ".\(outputDirectory.lastPathComponent).staging-" }
    /// The site the last publish swapped out.
    package var keptTree: URL { parent.appendingPathComponent(".\(outputDirectory.lastPathComponent).kept") }

    /// A staging folder: the site the last publish swapped out when `reusingKeptTree` and
    /// there is one, else a new, empty folder. Staging folders left by runs that died are
    /// removed first.
    package func makeStagingDirectory(reusingKeptTree: Bool = false) throws(PublishError) -> URL {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) {
            for name in names where name.hasPrefix(stagingPrefix) && !isOwnedByLiveProcess(name) {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
        let staging = parent.appendingPathComponent(stagingPrefix + "\(getpid())-\(UUID().uuidString.prefix(8))")
        if reusingKeptTree, rename(keptTree.path, staging.path) == 0 { return staging }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .cannotStage(staging.path, error.localizedDescription)
        }
        return staging
    }

    /// Swaps `staging` in as the output folder and keeps the previous site as `keptTree`.
    /// Hidden files at the top of the old output (`.gitkeep`, `.htaccess`, `.nojekyll`)
    /// are not the tool's to delete: they are carried over into the new site.
    package func publish(_ staging: URL) throws(PublishError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputDirectory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotSwap(outputDirectory.path, "it exists and is not a folder")
            }
            carryOverHiddenFiles(into: staging)
        }
        do {
            try FileOperations.replaceDirectory(outputDirectory, with: staging, keepingOldAt: keptTree)
        } catch {
            throw .cannotSwap(outputDirectory.path, error.localizedDescription)
        }
    }

    /// Removes a staging folder of a run that will not publish.
    package func discard(_ staging: URL) {
        try? FileManager.default.removeItem(at: staging)
    }

    /// Staging names start with the creating process's id; another live run's folder is left alone.
    private func isOwnedByLiveProcess(_ name: String) -> Bool {
        let rest = name.dropFirst(stagingPrefix.count)
        guard let pid = Int32(rest.prefix { $0.isNumber }), pid != getpid() else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Each a hard link where it can be (it keeps its modification time), else a copy.
    private func carryOverHiddenFiles(into staging: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: outputDirectory.path) else { return }
        for name in names where name.hasPrefix(".") {
            let source = outputDirectory.path + "/" + name, destination = staging.path + "/" + name
            guard FileTree.inode(destination) == nil else { continue }
            if link(source, destination) != 0 { try? FileManager.default.copyItem(atPath: source, toPath: destination) }
        }
    }
}
