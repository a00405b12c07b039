import Foundation
import MeetupModel
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupNetwork

/// Downloads photos with conditional requests (If-None-Match / If-Modified-Since)
/// so an unchanged photo costs a 304 and no body. Bodies stream to disk, capped.
package struct HTTPPhotoFetcher: PhotoFetching {
    private let transport: HTTPTransport
    /// When an answer arrived, for an `Expires` without a `Date` header.
    private let clock: @Sendable () -> Date

    package init(transport: HTTPTransport, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.transport = transport
        self.clock = clock
    }

    package func fetch(
        _ url: URL, validators: PhotoValidators?, into directory: URL,
        completion: @escaping @Sendable (PhotoFetchResult) -> Void
    ) {
        var request = URLRequest(url: url)
        request.setValue("image/*", forHTTPHeaderField: "Accept")
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = validators?.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }

        let clock = self.clock
        transport.download(request, maxBytes: transport.limits.maxPhotoBytes, into: directory) { result in
            switch result {
            case .failure(let failure):
                completion(.failed(reason: failure.description))
            case .success(let download) where download.status == 304:
                completion(
                    validators == nil
                        ? .failed(reason: "304 without a conditional request")
                        : .notModified(
                            overNetwork: true, freshFor: Self.freshness(download.headers, receivedAt: clock())))
            case .success(let download):
                guard let file = download.file else { return completion(.failed(reason: "empty response")) }
                let contentType = download.headers["content-type"]?.lowercased() ?? ""
                if !contentType.isEmpty, !contentType.hasPrefix("image/"),
                    !contentType.hasPrefix("application/octet-stream")
                {
                    try? FileManager.default.removeItem(at: file)
                    return completion(.failed(reason: "not an image (Content-Type \(contentType.prefix(60)))"))
                }
                completion(
                    .downloaded(
                        file: file, byteCount: download.byteCount,
                        validators: PhotoValidators(
                            etag: download.headers["etag"], lastModified: download.headers["last-modified"]),
                        freshFor: Self.freshness(download.headers, receivedAt: clock())))
            }
        }
    }

    /// The lifetime the server gave (RFC 9111): `Cache-Control: max-age` (0 for
    /// `no-cache`/`no-store`), else `Expires` minus `Date` (or minus when the answer
    /// arrived, without a `Date`); an invalid `Expires` such as "0" means already
    /// expired; nil when the server said nothing.
    static func freshness(_ headers: [String: String], receivedAt: Date) -> TimeInterval? {
        if let control = headers["cache-control"]?.lowercased() {
            let directives = control.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if directives.contains("no-cache") || directives.contains("no-store") { return 0 }
            for directive in directives where directive.hasPrefix("max-age=") {
                if let seconds = TimeInterval(directive.dropFirst("max-age=".count)) { return max(0, seconds) }
            }
        }
        guard let expiresHeader = headers["expires"] else { return nil }
        guard let expires = HTTPDate.parse(expiresHeader) else { return 0 }
        let date = headers["date"].flatMap(HTTPDate.parse) ?? receivedAt
        return max(0, expires.timeIntervalSince(date))
    }
}
