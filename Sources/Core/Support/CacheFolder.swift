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

    /// Fetched iCalendar bodies and their validators.
    package static func calendars(_ cache: URL) -> URL { cache.appendingPathComponent("calendars") }

    /// The build cache (`BuildCache`): what the render keeps from one night to the next.
    package static func buildCache(_ cache: URL) -> URL { cache.appendingPathComponent("build.sqlite") }

    /// What the renderer keeps between nights beside the build cache: each event's rendered
    /// texts and the last search records.
    package static func render(_ cache: URL) -> URL { cache.appendingPathComponent("render") }
    package static func renderedEvents(_ cache: URL) -> URL { render(cache).appendingPathComponent("events.bin") }
    /// The search records Pagefind last read, a folder a shard (`SearchRecordFolder`).
    package static func searchRecords(_ cache: URL) -> URL { render(cache).appendingPathComponent("search-records") }

    /// When each cache entry was last used, for the sweep.
    package static func usage(_ cache: URL) -> URL { cache.appendingPathComponent("usage.tsv") }
    /// The same as a JSON object, as versions before issue 34 kept it.
    package static func formerUsage(_ cache: URL) -> URL { cache.appendingPathComponent("usage.json") }

    /// What earlier versions kept and this one reads no more, removed by the sweep: last night's
    /// event nodes, the path of Pagefind and the render manifest as lines (issue 64, now in
    /// `buildCache`), the render manifest as JSON (issue 34).
    package static func formerFiles(_ cache: URL) -> [URL] {
        ["event-nodes.bin", "render/pagefind", "render/manifest.tsv", "render/manifest.json"].map {
            cache.appendingPathComponent($0)
        }
    }
}
