import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// What an error of AsyncHTTPClient or NIO means to the transport: worth another try or not, and a
/// short reason without the URL (URLs may carry secrets in other setups).
enum TransportErrors {
    static func isDeadline(_ error: any Error) -> Bool {
        (error as? HTTPClientError) == .deadlineExceeded
    }

    /// No byte for the idle limit: while connecting, or between two reads.
    static func isIdle(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError { return [.readTimeout, .connectTimeout].contains(error) }
        if let error = error as? ChannelError, case .connectTimeout = error { return true }
        return false
    }

    static func isTransient(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError {
            return ![
                .invalidURL, .emptyHost, .emptyScheme, .cancelled, .redirectLimitReached, .redirectCycleDetected,
                .alreadyShutdown,
            ].contains(error) && error.shortDescription != HTTPClientError.unsupportedScheme("").shortDescription
        }
        // A certificate the server cannot prove will not prove itself on a second try.
        return !(error is NIOSSLError) && !(error is CancellationError)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            return error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil)
                ? "unknown host" : "cannot connect to the server"
        case let error as IOError where [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(error.errnoCode):
            return "cannot connect to the server"
        case is IOError: return "connection lost"
        case let error as HTTPClientError:
            switch error {
            case .remoteConnectionClosed: return "connection lost"
            case .cancelled: return "cancelled"
            case .invalidURL, .emptyHost, .emptyScheme: return "not a URL it can ask"
            default: return error.shortDescription
            }
        case is NIOSSLError: return "TLS: the server's certificate or handshake was refused"
        case is CancellationError: return "cancelled"
        case is HTTPParserError: return "the answer is not HTTP"
        default: return String(describing: type(of: error))
        }
    }
}
