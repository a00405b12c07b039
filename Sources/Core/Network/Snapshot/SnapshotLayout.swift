import Foundation
import MeetupSupport

/// The folder layout of a snapshot, shared by the recorder and the replayer:
///
///     queries/<query-id>/page-001.json   raw API bodies, in page order
///     queries/<query-id>/groups-001.json a network's groups (`groupsSearch`), in page order
///     queries/<query-id>.json            (also read) a single-file archive, e.g. REST v3
///     photos/index.json                  {"<photo URL>": "<file name>"}
///     photos/<sha256 of URL>             the photo bytes as downloaded
package struct SnapshotLayout: Sendable {
    package let root: URL

    package init(root: URL) {
        self.root = root
    }

    /// Query ids are validated slugs, so they are safe as folder names.
    package func pagesDirectory(for queryID: String) -> URL {
        root.appendingPathComponent("queries").appendingPathComponent(queryID)
    }

    package func singleFile(for queryID: String) -> URL {
        root.appendingPathComponent("queries").appendingPathComponent("\(queryID).json")
    }

    package func pageFile(for queryID: String, page: Int) -> URL {
        pagesDirectory(for: queryID).appendingPathComponent(String(format: "page-%03d.json", page))
    }

    package func groupsPageFile(for queryID: String, page: Int) -> URL {
        pagesDirectory(for: queryID).appendingPathComponent(String(format: "\(Self.groupsPagePrefix)%03d.json", page))
    }

    /// Files of a network's groups pages start so; every other `.json` file is a page of events.
    package static let groupsPagePrefix = "groups-"

    /// The answer to a query's `number`th backfill request (`backfill/<query>/page-001.json`).
    package func backfillFile(for queryID: String, number: Int) -> URL {
        root.appendingPathComponent("backfill").appendingPathComponent(queryID)
            .appendingPathComponent(String(format: "page-%03d.json", number))
    }

    package var photosDirectory: URL { root.appendingPathComponent("photos") }
    package var photoIndex: URL { photosDirectory.appendingPathComponent("index.json") }

    /// Photo file names are hashes: URLs are untrusted and never become paths.
    package func photoFileName(for url: URL) -> String { ContentHash.sha256Hex(url.absoluteString) }
}
