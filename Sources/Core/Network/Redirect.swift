import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request a redirect leads to, as browsers and curl make it.
enum Redirect {
    /// The next request after an answer of `status`, or nil when the answer is not a redirect
    /// to follow (a 304, a 3xx without a usable Location).
    static func next(after request: URLRequest, status: Int, location: String?) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(status), let location, let from = request.url,
            let target = URL(string: location, relativeTo: from)?.absoluteURL,
            ["http", "https"].contains(target.scheme?.lowercased() ?? "")
        else { return nil }
        var next = request
        next.url = target
        // 303 always, and 301 and 302 after a POST, become a GET without a body.
        let method = request.httpMethod?.uppercased() ?? "GET"
        if status == 303 && method != "HEAD" || [301, 302].contains(status) && method == "POST" {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return withoutCrossOriginCredentials(next, from: from)
    }

    /// Credentials stay with the origin they were meant for (scheme, host and port, as browsers
    /// and curl keep them): on a redirect elsewhere, `Authorization` and `Cookie` go.
    static func withoutCrossOriginCredentials(_ request: URLRequest, from original: URL?) -> URLRequest {
        guard let target = request.url, let original, Origin(original) != Origin(target) else { return request }
        var stripped = request
        for header in ["Authorization", "Cookie", "Proxy-Authorization"] {
            stripped.setValue(nil, forHTTPHeaderField: header)
        }
        return stripped
    }
}
