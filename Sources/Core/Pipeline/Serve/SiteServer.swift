import FlyingFox
import Foundation

/// `meetup-report serve`: the published site over http on this machine only, so a person can
/// look at it with its search working (Pagefind loads its index over http, not from a file).
/// A folder's `index.html` answers for the folder, the site's `404.html` (status 404) for what
/// it lacks; nothing outside the folder is ever served (no `..`, no link out of it).
package struct SiteFolderHandler: HTTPHandler {
    package let root: URL

    package init(root: URL) {
        self.root = root.resolvingSymlinksInPath().standardizedFileURL
    }

    package func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            var allow = HTTPHeaders()
            allow[HTTPHeader("Allow")] = "GET, HEAD"
            return HTTPResponse(statusCode: .methodNotAllowed, headers: allow)
        }
        guard let file = file(for: request.path) else { return try notFound() }
        var headers = HTTPHeaders()
        headers[.contentType] = Self.contentType(of: file)
        if request.method == .HEAD { return HTTPResponse(statusCode: .ok, headers: headers) }
        return HTTPResponse(statusCode: .ok, headers: headers, body: try HTTPBodySequence(file: file))
    }

    /// The file a request path names inside the folder, or nil.
    func file(for path: String) -> URL? {
        let parts = path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        guard !parts.contains(where: { $0 == ".." || $0 == "." || $0.contains("\0") || $0.contains("/") }) else {
            return nil
        }
        var file = parts.reduce(root) { $0.appendingPathComponent($1) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            file = file.appendingPathComponent("index.html")
        }
        let resolved = file.resolvingSymlinksInPath().standardizedFileURL
        guard resolved.path.hasPrefix(root.path + "/"),
            FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { return nil }
        return resolved
    }

    private func notFound() throws -> HTTPResponse {
        let page = root.appendingPathComponent("404.html")
        guard FileManager.default.fileExists(atPath: page.path) else { return HTTPResponse(statusCode: .notFound) }
        var headers = HTTPHeaders()
        headers[.contentType] = "text/html; charset=utf-8"
        return HTTPResponse(statusCode: .notFound, headers: headers, body: try HTTPBodySequence(file: page))
    }

    static func contentType(of file: URL) -> String {
        switch file.pathExtension.lowercased() {
        case "ics": "text/calendar; charset=utf-8"
        case "atom": "application/atom+xml; charset=utf-8"
        case "md": "text/markdown; charset=utf-8"
        case "csv": "text/csv; charset=utf-8"
        case "wasm": "application/wasm"
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "xml": "application/xml; charset=utf-8"
        case "svg": "image/svg+xml"
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "webp": "image/webp"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}

/// The server `serve` runs: 127.0.0.1 only, never another interface.
package enum SiteServer {
    package static func make(folder: URL, port: UInt16) throws -> HTTPServer {
        HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: port), timeout: 30, logger: .disabled,
            handler: SiteFolderHandler(root: folder))
    }
}
