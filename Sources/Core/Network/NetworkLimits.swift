import Foundation

/// How hard a run tries, and how much it accepts, before it gives up on a request.
/// Defaults suit a nightly cron job against the real API; tests shrink them.
package struct NetworkLimits: Sendable, Equatable {
    /// Idle time allowed while waiting for a response or the next bytes of one.
    package var requestTimeout: TimeInterval = 30
    /// Whole-request limit, so a server dripping a byte a second cannot stall a run.
    package var resourceTimeout: TimeInterval = 120
    /// The whole run's limit for fetching events and photos; what is unfinished then fails.
    package var runTimeout: TimeInterval = 900
    /// Retries of one request after the first attempt (idempotent requests only).
    package var retries = 3
    /// First backoff; doubled per attempt, with jitter.
    package var retryBaseDelay: TimeInterval = 1
    /// Longest single wait, also the cap on a server's Retry-After.
    package var retryMaxDelay: TimeInterval = 30
    /// Total time all retries of a run may wait, so a sick server cannot make a run take hours.
    package var retryBudget: TimeInterval = 180
    /// Largest API response body accepted.
    package var maxResponseBytes = 10 << 20
    /// Largest photo accepted.
    package var maxPhotoBytes = 20 << 20
    /// Photos with more pixels are refused before decoding (decompression bombs).
    package var maxPhotoPixels = 50_000_000
    /// How long a downloaded photo is used without asking the server again, when the
    /// server's answer had no Cache-Control max-age or Expires.
    package var photoFreshness: TimeInterval = 86_400
    /// Cached photos, thumbnails and the events of removed queries that no run has
    /// used for this many days are deleted, so the cache does not grow forever.
    package var cacheRetentionDays = 30
    /// Requests to the API host in any minute, retries and token checks included.
    package var apiRequestsPerMinute = 500

    package init() {}
}
