import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one URLSession a run shares between API pages and photo downloads.
public enum HTTPSession {
    public static func make(maximumConnectionsPerHost: Int, limits: NetworkLimits,
                            delegate: (any URLSessionDelegate)? = nil) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        // The photo cache does its own revalidation; URLCache would answer 304s for us
        // and hide them, and would keep a second copy of every photo.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        configuration.timeoutIntervalForRequest = limits.requestTimeout
        configuration.timeoutIntervalForResource = limits.resourceTimeout
        configuration.httpAdditionalHeaders = ["User-Agent": "meetup-report/0.1"]
        // Delegate callbacks run on the session's own serial queue; they only do
        // small bookkeeping and file moves.
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }
}
