import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupSupport

/// The one URLSession a run shares between API pages and photo downloads.
package enum HTTPSession {
    package static func make(
        maximumConnectionsPerHost: Int, limits: NetworkLimits,
        delegate: (any URLSessionDelegate)? = nil
    ) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        // The photo cache does its own revalidation; URLCache would answer 304s for us
        // and hide them, and would keep a second copy of every photo.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        // The transport enforces both limits itself (TransportDelegate): Foundation on
        // Linux ignores the resource limit and truncates the request limit to whole
        // seconds (0.5 s would become 0). Its own idle timer stays as a backstop, a
        // second later than ours so ours is the one that reports.
        configuration.timeoutIntervalForRequest = limits.requestTimeout.rounded(.up) + 1
        configuration.timeoutIntervalForResource = limits.resourceTimeout + 1
        // Foundation on Linux has libcurl inflate a compressed body and queues every inflated
        // chunk for the delegate before the size cap can cancel it (a 1.5 MB gzip body made a
        // 1.7 GiB peak). Asked for no encoding, a server sends what the cap can count as it
        // arrives; one that encodes anyway is refused at its headers (TransportDelegate).
        configuration.httpAdditionalHeaders = ["User-Agent": BuildInfo.userAgent, "Accept-Encoding": "identity"]
        // Delegate callbacks run on the session's own serial queue; they only do
        // small bookkeeping and file moves.
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }
}
