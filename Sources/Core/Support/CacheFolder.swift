import Foundation

/// The cache folder's layout, in one place: only what a run can rebuild (what cannot be
/// fetched again lives in the state folder, `StateFolder`). Deleting the cache costs
/// downloads and rendering, never the record.
package enum CacheFolder {
    /// The run lock: one run (or `auth`, or `check`'s look) per cache at a time.
    package static func lock(_ cache: URL) -> URL { cache.appendingPathComponent(".lock") }

    /// The access token between runs.
    package static func accessToken(_ cache: URL) -> URL {
        cache.appendingPathComponent("auth").appendingPathComponent("access-token.json")
    }

    /// Downloads in flight and other scratch files, moved into place when complete.
    package static func incoming(_ cache: URL) -> URL { cache.appendingPathComponent("incoming") }

    /// Downloaded photos, by the hash of their URL, with their validators.
    package static func photos(_ cache: URL) -> URL { cache.appendingPathComponent("photos") }

    /// Thumbnails made from the photos, keyed by URL, width and thumbnailer.
    package static func thumbnails(_ cache: URL) -> URL { cache.appendingPathComponent("thumbnails") }

    /// Each query's last good events, standing in when a night's fetch fails.
    package static func lastGoodEvents(_ cache: URL) -> URL { cache.appendingPathComponent("queries") }

    /// Last night's distinct event nodes, by the digest of their bytes, with their events.
    package static func eventNodes(_ cache: URL) -> URL { cache.appendingPathComponent("event-nodes.bin") }

    /// Fetched iCalendar bodies and their validators.
    package static func calendars(_ cache: URL) -> URL { cache.appendingPathComponent("calendars") }

    /// What the renderer keeps between nights: the manifest of last night's outputs and
    /// their keys, each event's rendered texts, and the last search index.
    package static func render(_ cache: URL) -> URL { cache.appendingPathComponent("render") }
    package static func renderManifest(_ cache: URL) -> URL {
        render(cache).appendingPathComponent("manifest.tsv")
    }
    package static func renderedEvents(_ cache: URL) -> URL { render(cache).appendingPathComponent("events.bin") }
    package static func searchIndex(_ cache: URL) -> URL { render(cache).appendingPathComponent("pagefind") }
    /// The search records Pagefind last read, a folder a shard (`SearchRecordFolder`).
    package static func searchRecords(_ cache: URL) -> URL { render(cache).appendingPathComponent("search-records") }

    /// When each cache entry was last used, for the sweep.
    package static func usage(_ cache: URL) -> URL { cache.appendingPathComponent("usage.tsv") }
    /// The same as a JSON object, as versions before issue 34 kept it.
    package static func formerUsage(_ cache: URL) -> URL { cache.appendingPathComponent("usage.json") }
}
