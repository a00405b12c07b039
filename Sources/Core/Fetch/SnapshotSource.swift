import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// Replays a recorded snapshot: no network and no token, but the same mapping
/// as a live run, page by page, so replay fails where live would have failed.
package struct SnapshotSource: EventSource {
    package let layout: SnapshotLayout
    /// One copy of each event across the queries, page by page (`PageWalk`).
    let interner = EventInterner()

    package init(directory: URL) {
        layout = SnapshotLayout(root: directory)
    }

    package func fetchEvents(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome) -> Void
    ) {
        DispatchQueue.global().async {
            completion(replay(query).outcome)
        }
    }

    package func fetchEventsAndGroups(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        DispatchQueue.global().async {
            let (outcome, groups) = replay(query)
            completion(outcome, groups)
        }
    }

    /// The query's events and, for a query that follows groups, the groups as recorded: a
    /// list's from its batch pages, a network's from its `groups-*.json` pages.
    func replay(_ query: EventQuery) -> (outcome: QueryOutcome, groups: [GroupActivity]?) {
        let files: [URL]
        let directory = layout.pagesDirectory(for: query.id)
        var groupsFiles: [URL] = []
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let json = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            files = json.filter { !$0.hasPrefix(SnapshotLayout.groupsPagePrefix) }.map(directory.appendingPathComponent)
            groupsFiles = json.filter { $0.hasPrefix(SnapshotLayout.groupsPagePrefix) }.map(
                directory.appendingPathComponent)
        } else if FileManager.default.fileExists(atPath: layout.singleFile(for: query.id).path) {
            files = [layout.singleFile(for: query.id)]
        } else {
            files = []
        }
        guard !files.isEmpty else {
            return (.failed(.snapshotMissing(query: query.id, path: "queries/\(query.id)/page-001.json")), nil)
        }

        // The files are the pages, in order: no cursor is followed, but repeats are
        // dropped and the cap applies exactly as in a live walk (a groups query's pages are
        // its groups one after another: all are read, and the soonest kept).
        let isGroups = if case .groups = query.kind { true } else { false }
        var walk = PageWalk(maxEvents: isGroups ? nil : query.maxEvents, interner: interner)
        var found: [GroupActivity] = []
        for (index, file) in files.enumerated() {
            do throws(FetchError) {
                let document = try read(file, query: query, page: index + 1)
                do throws(PageMappingError) {
                    _ = walk.add(try EventMapper.page(from: document))
                } catch {
                    throw FetchError(error, query: query.id, page: index + 1)
                }
                found += GroupActivityMapper.batchGroups(document)
            } catch {
                return (.failed(error), nil)
            }
            if walk.remaining == 0 { break }
        }
        switch query.kind {
        case .search, .calendar, .groupFeeds:
            return (.succeeded(events: walk.events), nil)
        case .groups(let urlnames):
            return (
                .succeeded(events: EventSelection.soonest(walk.events, count: query.maxEvents)),
                GroupActivityMapper.roster(urlnames, found: found)
            )
        case .network:
            // Snapshots recorded before the groups report have no groups pages: no groups known.
            guard !groupsFiles.isEmpty else { return (.succeeded(events: walk.events), nil) }
            do throws(FetchError) {
                return (.succeeded(events: walk.events), try networkGroups(groupsFiles, query: query))
            } catch {
                return (.failed(error), nil)
            }
        }
    }

    private func networkGroups(_ files: [URL], query: EventQuery) throws(FetchError) -> [GroupActivity] {
        var groups: [GroupActivity] = []
        for (index, file) in files.enumerated() {
            let document = try read(file, query: query, page: index + 1)
            do throws(PageMappingError) {
                groups += try GroupActivityMapper.networkPage(document).groups
            } catch {
                throw FetchError(error, query: query.id, page: index + 1)
            }
        }
        return groups
    }

    private func read(_ file: URL, query: EventQuery, page: Int) throws(FetchError) -> JSONValue {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .snapshotUnreadable(query: query.id, path: file.lastPathComponent, reason: error.localizedDescription)
        }
        do throws(PageMappingError) {
            return try GroupsRequest.document(data)
        } catch {
            throw FetchError(error, query: query.id, page: page)
        }
    }
}
