import FlyingFox
import Foundation
import MeetupSupport

/// Groups followed by urlname: the batched `groupByUrlname` requests (aliases `g0`, `g1`, …)
/// and one group's later pages, answered from the groups a test registered.
extension LoopbackServer {
    /// Registers a group for `groupByUrlname`: its event connection pages (each a JSON object
    /// with `edges`, `pageInfo`, `totalCount`), in cursor order. Unknown groups answer null.
    /// - Parameter lastEventAt: the `dateTime` of its latest past event (the batch's `past` alias), if any.
    /// - Parameters:
    ///   - nextEventAt, upcomingCount: its next event and count of upcoming events whatever the
    ///     window (the batch's `next` alias); by default the first event of its pages, and their count.
    ///   - pastCount: its past events (`past.totalCount`); by default 1 with a `lastEventAt`, else 0.
    package func setGroup(
        _ urlname: String, name: String, pages: [Data], lastEventAt: String? = nil, members: Int = 100,
        nextEventAt: String? = nil, upcomingCount: Int? = nil, pastCount: Int? = nil
    ) {
        let group = LoopbackGroup(
            name: name, pages: pages, lastEventAt: lastEventAt, members: members, nextEventAt: nextEventAt,
            upcomingCount: upcomingCount, pastCount: pastCount)
        state.withLock { $0.groups[urlname.lowercased()] = group }
    }

    /// Makes a registered group fail: in a batch its alias is null with `message` as an error on
    /// its path (Meetup failing to load it); its later pages answer HTTP `laterPagesStatus`.
    package func setGroupFailure(_ urlname: String, message: String? = nil, laterPagesStatus: Int? = nil) {
        state.withLock { state in
            state.groups[urlname.lowercased()]?.loadError = message
            state.groups[urlname.lowercased()]?.laterPagesStatus = laterPagesStatus
        }
    }

    /// Registers the raw bodies of a Pro network's `proNetwork.groupsSearch`, in page order.
    /// A network with events but no groups registered answers an empty list.
    package func setGroupsPages(_ pages: [Data], forNetwork urlname: String) {
        state.withLock { $0.setPages(pages, key: "network-groups:" + urlname) }
    }

    /// A batch (`g0: groupByUrlname(urlname: $u0) …`) or one group's later page.
    func answerGroups(document: String, variables: [String: Any]) -> HTTPResponse {
        let groups = state.withLock { $0.groups }
        let asksActivity = document.contains("past: events(")
        func connection(_ urlname: String, after: String?) -> Any? {
            guard let group = groups[urlname.lowercased()] else { return nil }
            let index =
                after.flatMap { cursor in group.pages.firstIndex { Self.connectionCursor($0) == cursor }.map { $0 + 1 }
                } ?? 0
            let page =
                index < group.pages.count
                ? group.pages[index] : Data(#"{"totalCount":0,"pageInfo":{"hasNextPage":false},"edges":[]}"#.utf8)
            let events = (try? JSONSerialization.jsonObject(with: page)) ?? [:]
            var answer: [String: Any] = [
                "id": "id-\(urlname)", "name": group.name, "urlname": urlname, "events": events,
            ]
            if asksActivity {
                answer["city"] = "Berlin"
                answer["link"] = "https://www.meetup.com/\(urlname)/"
                answer["stats"] = ["memberCounts": ["all": group.members]]
                answer["past"] = [
                    "totalCount": group.pastCount ?? (group.lastEventAt == nil ? 0 : 1),
                    "edges": group.lastEventAt.map { [["node": ["dateTime": $0]]] } ?? [],
                ]
                let windowEvents = group.pages.compactMap {
                    try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
                }
                .flatMap { ($0["edges"] as? [[String: Any]]) ?? [] }
                .compactMap { ($0["node"] as? [String: Any])?["dateTime"] as? String }
                let next = group.nextEventAt ?? windowEvents.first
                answer["next"] = [
                    "totalCount": group.upcomingCount ?? windowEvents.count,
                    "edges": next.map { [["node": ["dateTime": $0]]] } ?? [],
                ]
            }
            return answer
        }
        var data: [String: Any] = [:]
        var errors: [[String: Any]] = []
        if let urlname = variables["urlname"] as? String {
            if let status = groups[urlname.lowercased()]?.laterPagesStatus {
                return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Injected"), body: Data())
            }
            data["groupByUrlname"] = connection(urlname, after: variables["after"] as? String) ?? NSNull()
        } else {
            var index = 0
            while let urlname = variables["u\(index)"] as? String {
                if let message = groups[urlname.lowercased()]?.loadError {
                    data["g\(index)"] = NSNull()
                    errors.append(["message": message, "path": ["g\(index)"]])
                } else if let group = connection(urlname, after: nil) {
                    data["g\(index)"] = group
                } else {
                    data["g\(index)"] = NSNull()
                    errors.append(["message": "Group not found: \(urlname)", "path": ["g\(index)"]])
                }
                index += 1
            }
        }
        var body: [String: Any] = ["data": data]
        if !errors.isEmpty { body["errors"] = errors }
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "application/json"],
            body: (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data())
    }

    private static func connectionCursor(_ page: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: page) as? [String: Any],
            let info = object["pageInfo"] as? [String: Any]
        else { return nil }
        return info["endCursor"] as? String
    }
}

/// A group a test registered.
struct LoopbackGroup: Sendable {
    var name: String
    var pages: [Data]
    var lastEventAt: String?
    var members: Int
    var nextEventAt: String?
    var upcomingCount: Int?
    var pastCount: Int?
    var loadError: String?
    var laterPagesStatus: Int?
}
