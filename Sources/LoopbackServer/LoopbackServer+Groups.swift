import FlyingFox
import Foundation
import MeetupSupport

/// Groups followed by urlname: the batched `groupByUrlname` requests (aliases `g0`, `g1`, …)
/// and one group's later pages, answered from the groups a test registered.
extension LoopbackServer {
    /// Registers a group for `groupByUrlname`: its event connection pages (each a JSON object
    /// with `edges`, `pageInfo`, `totalCount`), in cursor order. Unknown groups answer null.
    /// - Parameter lastEventAt: the `dateTime` of its latest past event (the batch's `past` alias), if any.
    public func setGroup(_ urlname: String, name: String, pages: [Data], lastEventAt: String? = nil, members: Int = 100) {
        state.withLock { $0.groups[urlname.lowercased()] = LoopbackGroup(name: name, pages: pages, lastEventAt: lastEventAt, members: members) }
    }

    /// Registers the raw bodies of a Pro network's `proNetwork.groupsSearch`, in page order.
    /// A network with events but no groups registered answers an empty list.
    public func setGroupsPages(_ pages: [Data], forNetwork urlname: String) {
        state.withLock { $0.pages["network-groups:" + urlname] = pages }
    }

    /// A batch (`g0: groupByUrlname(urlname: $u0) …`) or one group's later page.
    func answerGroups(document: String, variables: [String: Any]) -> HTTPResponse {
        let groups = state.withLock { $0.groups }
        let asksActivity = document.contains("past: events(")
        func connection(_ urlname: String, after: String?) -> Any? {
            guard let group = groups[urlname.lowercased()] else { return nil }
            let index = after.flatMap { cursor in group.pages.firstIndex { Self.connectionCursor($0) == cursor }.map { $0 + 1 } } ?? 0
            let page = index < group.pages.count ? group.pages[index] : Data(#"{"totalCount":0,"pageInfo":{"hasNextPage":false},"edges":[]}"#.utf8)
            let events = (try? JSONSerialization.jsonObject(with: page)) ?? [:]
            var answer: [String: Any] = ["id": "id-\(urlname)", "name": group.name, "urlname": urlname, "events": events]
            if asksActivity {
                answer["city"] = "Berlin"
                answer["link"] = "https://www.meetup.com/\(urlname)/"
                answer["stats"] = ["memberCounts": ["all": group.members]]
                answer["past"] = ["edges": group.lastEventAt.map { [["node": ["dateTime": $0]]] } ?? []]
            }
            return answer
        }
        var data: [String: Any] = [:]
        var errors: [[String: Any]] = []
        if let urlname = variables["urlname"] as? String {
            data["groupByUrlname"] = connection(urlname, after: variables["after"] as? String) ?? NSNull()
        } else {
            var index = 0
            while let urlname = variables["u\(index)"] as? String {
                if let group = connection(urlname, after: nil) {
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
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"],
                            body: (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data())
    }

    private static func connectionCursor(_ page: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: page) as? [String: Any],
              let info = object["pageInfo"] as? [String: Any] else { return nil }
        return info["endCursor"] as? String
    }
}

/// A group a test registered.
struct LoopbackGroup: Sendable {
    var name: String
    var pages: [Data]
    var lastEventAt: String?
    var members: Int
}
