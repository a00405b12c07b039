import AsyncHTTPClient
import NIOCore

/// The HTTP clients of a run: AsyncHTTPClient on NIO's shared event loops.
///
/// Not URLSession: Foundation on Linux has libcurl inflate a compressed body, and queues every
/// inflated chunk for its delegate, before a size cap can stop it (a 1.5 MB gzip answer made a
/// 1.7 GiB peak although the body was refused at its headers). AsyncHTTPClient streams a body
/// with backpressure, one buffer at a time, and decompresses only when asked: here, never.
package enum HTTPClientFactory {
    /// - Parameter reusesConnections: false for requests that must not be sent twice: a client
    ///   that reuses no connection never meets a kept-alive connection the server has closed.
    static func make(maximumConnectionsPerHost: Int, limits: NetworkLimits, reusesConnections: Bool = true)
        -> HTTPClient
    {
        var configuration = HTTPClient.Configuration()
        // Redirects are followed by `HTTPExchange`, which checks each target against the address
        // policy and keeps credentials with their origin.
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .disabled
        // The idle limit: no byte for this long, from connecting to the last byte of the body.
        let idle = TimeAmount.milliseconds(Int64((limits.requestTimeout * 1000).rounded(.up)))
        configuration.timeout = .init(connect: idle, read: idle)
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, maximumConnectionsPerHost))
        // A refused connection fails its request at once; the transport's own retries decide what next.
        configuration.connectionPool.retryConnectionEstablishment = false
        if !reusesConnections { configuration.maximumUsesPerConnection = 1 }
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
