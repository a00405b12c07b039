import FlyingFox
import Foundation

/// A Pro network's `proNetwork.eventsSearch` as the live API answers it (`pro-events-3.json`):
/// every event of every status, newest first, unless the request says otherwise (`desc: false`,
/// `filter.status`). The registered pages are the network's events; the server pages them
/// again by the request's `first`, with cursors of its own.
extension LoopbackServer {
    func answerNetworkEvents(key: String, pages: [Data], input: [String: Any], fault: (Int) -> HTTPResponse?)
        -> HTTPResponse
    {
        let filter = input["filter"] as? [String: Any]
        let statuses = (filter?["status"] as? [String]).map(Set.init)
        let ascending = (input["desc"] as? Bool) == false
        let first = max(1, min((input["first"] as? Int) ?? 50, 1_000))
        let offset = (input["after"] as? String).flatMap { $0.hasPrefix("net-") ? Int($0.dropFirst(4)) : nil } ?? 0
        if let response = fault(offset / first + 1) { return response }
        // The answers of one request shape are made once (a 2,000-event network re-read for
        // every page cost seconds in `make bench`'s network workload).
        let shape = "\(key)|\(ascending)|\(statuses.map { $0.sorted().joined(separator: ",") } ?? "*")|\(first)"
        let answers =
            state.withLock { $0.networkAnswers[shape] }
            ?? {
                let made = Self.answers(pages: pages, statuses: statuses, ascending: ascending, first: first)
                state.withLock { $0.networkAnswers[shape] = made }
                return made
            }()
        let index = offset / first
        let body = index < answers.count ? answers[index] : (answers.last ?? Data())
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
    }

    /// Every page of the network's events for one request shape: every status, newest first,
    /// unless the request asks for statuses or `desc: false`.
    private static func answers(pages: [Data], statuses: Set<String>?, ascending: Bool, first: Int) -> [Data] {
        let formatter = ISO8601DateFormatter()
        let dated = pages.flatMap(Self.edges).compactMap { edge -> (edge: [String: Any], at: Date)? in
            let node = edge["node"] as? [String: Any]
            guard statuses?.contains((node?["status"] as? String) ?? "ACTIVE") ?? true else { return nil }
            return (edge, formatter.date(from: (node?["dateTime"] as? String) ?? "") ?? .distantPast)
        }
        let nodes = dated.sorted { ascending ? $0.at < $1.at : $0.at > $1.at }.map(\.edge)
        return stride(from: 0, to: max(nodes.count, 1), by: first).map { offset in
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
            return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        }
    }

    private static func edges(_ page: Data) -> [[String: Any]] {
        let object = (try? JSONSerialization.jsonObject(with: page)) as? [String: Any]
        let search =
            ((object?["data"] as? [String: Any])?["proNetwork"] as? [String: Any])?["eventsSearch"] as? [String: Any]
        return (search?["edges"] as? [[String: Any]]) ?? []
    }
}
