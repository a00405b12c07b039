import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads photos with conditional requests (If-None-Match / If-Modified-Since)
/// so an unchanged photo costs a 304 and no body.
public struct HTTPPhotoFetcher: PhotoFetching {
    private let session: URLSession
    private let maximumBytes: Int

    public init(session: URLSession, maximumBytes: Int = 20 << 20) {
        self.session = session
        self.maximumBytes = maximumBytes
    }

    public func fetch(_ url: URL, validators: PhotoValidators?, into directory: URL,
                      completion: @escaping @Sendable (PhotoFetchResult) -> Void) {
        var request = URLRequest(url: url)
        request.setValue("image/*", forHTTPHeaderField: "Accept")
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = validators?.lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }

        let maximumBytes = self.maximumBytes
        let task = session.downloadTask(with: request) { location, response, error in
            if let error {
                completion(.failed(reason: MeetupAPISource.describe(error)))
                return
            }
            guard let http = response as? HTTPURLResponse else {
                completion(.failed(reason: "no HTTP response"))
                return
            }
            switch http.statusCode {
            case 304 where validators != nil:
                completion(.notModified(overNetwork: true))
            case 200:
                guard let location else {
                    completion(.failed(reason: "the download produced no file"))
                    return
                }
                let contentType = http.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
                if !contentType.isEmpty, !contentType.hasPrefix("image/"), !contentType.hasPrefix("application/octet-stream") {
                    completion(.failed(reason: "not an image (Content-Type \(contentType.prefix(60)))"))
                    return
                }
                let byteCount = FileOperations.fileSize(location) ?? 0
                guard byteCount <= maximumBytes else {
                    completion(.failed(reason: "\(byteCount) bytes, over the limit of \(maximumBytes)"))
                    return
                }
                // The session deletes `location` when this handler returns: move it now.
                let destination = directory.appendingPathComponent(UUID().uuidString)
                do {
                    try FileManager.default.moveItem(at: location, to: destination)
                } catch {
                    completion(.failed(reason: "cannot keep the download: \(error.localizedDescription)"))
                    return
                }
                completion(.downloaded(file: destination, byteCount: byteCount, validators: PhotoValidators(
                    etag: http.value(forHTTPHeaderField: "ETag"),
                    lastModified: http.value(forHTTPHeaderField: "Last-Modified"))))
            default:
                completion(.failed(reason: "HTTP \(http.statusCode)"))
            }
        }
        task.resume()
    }
}
