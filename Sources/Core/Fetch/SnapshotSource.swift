import Foundation
import MeetupModel
import MeetupSnapshot

/// Replays a recorded snapshot: no network and no token, but the same mapping
/// as a live run, page by page, so replay fails where live would have failed.
public struct SnapshotSource: EventSource {
    public let layout: SnapshotLayout

    public init(directory: URL) {
        layout = SnapshotLayout(root: directory)
    }

    public func fetchEvents(for query: EventQuery, window: DateInterval,
                            completion: @escaping @Sendable (QueryOutcome) -> Void) {
        DispatchQueue.global().async {
            completion(replay(query))
        }
    }

    func replay(_ query: EventQuery) -> QueryOutcome {
        let files: [URL]
        let directory = layout.pagesDirectory(for: query.id)
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map(directory.appendingPathComponent)
        } else if FileManager.default.fileExists(atPath: layout.singleFile(for: query.id).path) {
            files = [layout.singleFile(for: query.id)]
        } else {
            files = []
        }
        guard !files.isEmpty else {
            return .failed(.snapshotMissing(query: query.id, path: "queries/\(query.id)/page-001.json"))
        }

        // The files are the pages, in order: no cursor is followed, but repeats are
        // dropped and the cap applies exactly as in a live walk.
        var walk = PageWalk(maxEvents: query.maxEvents)
        for (index, file) in files.enumerated() {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                return .failed(.snapshotUnreadable(query: query.id, path: file.lastPathComponent, reason: error.localizedDescription))
            }
            do throws(PageMappingError) {
                _ = walk.add(try EventMapper.page(from: data))
            } catch {
                return .failed(FetchError(error, query: query.id, page: index + 1))
            }
            if walk.remaining == 0 { break }
        }
        return .succeeded(events: walk.events)
    }
}
