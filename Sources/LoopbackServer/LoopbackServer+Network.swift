import FlyingFox
import Foundation

/// A Pro network's `proNetwork.eventsSearch` as the live API answers it (`pro-events-3.json`):
/// every event of every status, newest first, unless the request says otherwise (`desc: false`,
/// `filter.status`). The registered pages are the network's events; the server pages them
/// again by the request's `first`, with cursors of its own.
extension LoopbackServer {
    func answerNetworkEvents(pages: [Data], input: [String: Any], fault: (Int) -> HTTPResponse?) -> HTTPResponse {
        let filter = input["filter"] as? [String: Any]
        let statuses = (filter?["status"] as? [String]).map(Set.init)
        let ascending = (input["desc"] as? Bool) == false
        var nodes = pages.flatMap(Self.edges).filter { edge in
            let status = ((edge["node"] as? [String: Any])?["status"] as? String) ?? "ACTIVE"
            return statuses?.contains(status) ?? true
        }
        nodes.sort { left, right in
            let (a, b) = (Self.dateTime(left), Self.dateTime(right))
            return ascending ? a < b : a > b
        }
        let first = max(1, min((input["first"] as? Int) ?? 50, 1_000))
        let offset = (input["after"] as? String).flatMap { $0.hasPrefix("net-") ? Int($0.dropFirst(4)) : nil } ?? 0
        if let response = fault(offset / first + 1) { return response }
        let page = Array(nodes.dropFirst(offset).prefix(first))
        let next = offset + page.count
        let body: [String: Any] = [
            "data": [
                "proNetwork": [
                    "eventsSearch": [
                        "totalCount": nodes.count,
                        "pageInfo": [
                            "hasNextPage": next < nodes.count,
                            "endCursor": next < nodes.count ? "net-\(next)" as Any : NSNull() as Any,
                        ],
                        "edges": page,
                    ]
                ]
            ]
        ]
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "application/json"],
            body: (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data())
    }

    private static func edges(_ page: Data) -> [[String: Any]] {
        let object = (try? JSONSerialization.jsonObject(with: page)) as? [String: Any]
        let search =
            ((object?["data"] as? [String: Any])?["proNetwork"] as? [String: Any])?["eventsSearch"] as? [String: Any]
        return (search?["edges"] as? [[String: Any]]) ?? []
    }

    /// The instant of an edge's `dateTime` (offsets differ, so not its text).
    private static func dateTime(_ edge: [String: Any]) -> Date {
        let text = ((edge["node"] as? [String: Any])?["dateTime"] as? String) ?? ""
        return ISO8601DateFormatter().date(from: text) ?? .distantPast
    }
}
