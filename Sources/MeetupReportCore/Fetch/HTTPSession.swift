import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one URLSession a run shares between API pages and photo downloads.
public enum HTTPSession {
    public static func make(maximumConnectionsPerHost: Int, requestTimeout: TimeInterval = 30) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        // The photo cache does its own revalidation; URLCache would answer 304s for us
        // and hide them, and would keep a second copy of every photo.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = requestTimeout * 4
        configuration.httpAdditionalHeaders = ["User-Agent": "meetup-report/0.1"]
        return URLSession(configuration: configuration)
    }
}
