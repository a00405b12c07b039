import Foundation

/// A URL's origin (RFC 6454): scheme, host and port, the port defaulted by scheme.
struct Origin: Equatable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int?

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? ["http": 80, "https": 443][scheme]
    }

    package var description: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }
}
