import Foundation
import MeetupSupport

/// `--record DIR`: keeps every raw API response and downloaded photo of a live run,
/// so the run can be replayed offline later (and turned into test fixtures).
/// Every file is written atomically; the photo index is written last.
package final class SnapshotRecorder: Sendable {
    package let layout: SnapshotLayout
    private let photoIndex = LockedBox([String: String]())
    private let failures = LockedBox([String]())

    package init(directory: URL) {
        layout = SnapshotLayout(root: directory)
    }

    /// Records a completed query's pages (and a network's groups pages). Only whole queries
    /// are recorded, like the site: the pages are written into a new folder that then
    /// replaces the old one.
    package func recordPages(_ pages: [Data], groupsPages: [Data] = [], for queryID: String) {
        let destination = layout.pagesDirectory(for: queryID)
        let temporary = FileOperations.temporarySibling(of: destination)
        do {
            try FileOperations.createDirectory(temporary)
            for (index, page) in pages.enumerated() {
                try FileOperations.write(
                    page,
                    to: temporary.appendingPathComponent(
                        layout.pageFile(for: queryID, page: index + 1).lastPathComponent))
            }
            for (index, page) in groupsPages.enumerated() {
                try FileOperations.write(
                    page,
                    to: temporary.appendingPathComponent(
                        layout.groupsPageFile(for: queryID, page: index + 1).lastPathComponent))
            }
            try FileOperations.replaceDirectory(destination, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            failures.withLock { $0.append("query \(queryID): \(error.localizedDescription)") }
        }
    }

    /// Records one backfill answer as it came (`backfill/<query>/page-NNN.json`).
    package func recordBackfill(_ data: Data, for queryID: String, number: Int) {
        do {
            try FileOperations.writeAtomically(data, to: layout.backfillFile(for: queryID, number: number))
        } catch {
            failures.withLock { $0.append("backfill \(queryID) \(number): \(error.localizedDescription)") }
        }
    }

    /// Records a photo exactly as it was downloaded.
    package func recordPhoto(_ file: URL, for url: URL) {
        let name = layout.photoFileName(for: url)
        do {
            try FileOperations.copyAtomically(from: file, to: layout.photosDirectory.appendingPathComponent(name))
            photoIndex.withLock { $0[url.absoluteString] = name }
        } catch {
            failures.withLock { $0.append("photo \(name): \(error.localizedDescription)") }
        }
    }

    /// Writes the photo index, keeping entries of photos recorded by earlier runs
    /// into the same folder. Returns what could not be recorded.
    package func finish() -> [String] {
        var index: [String: String] = [:]
        if let data = try? Data(contentsOf: layout.photoIndex), case .object(let existing)? = try? JSONValue.parse(data)
        {
            for (url, value) in existing { if let name = value.stringValue { index[url] = name } }
        }
        photoIndex.withLock { recorded in index.merge(recorded) { _, new in new } }
        do {
            let document = JSONValue.object(index.mapValues { .string($0) })
            try FileOperations.writeAtomically(Data(document.serialized().utf8), to: layout.photoIndex)
        } catch {
            failures.withLock { $0.append("photo index: \(error.localizedDescription)") }
        }
        return failures.withLock { $0 }
    }
}
