import Foundation
import MeetupModel
import MeetupSupport

/// Turns the groups parts of answers into `GroupActivity`: the aliases of a groups batch
/// (`g0: groupByUrlname { … past: events(status: PAST …) }`) and a network's
/// `groupsSearch` edges with their `metadata` analytics. Tolerant like `EventMapper`:
/// a missing count is unknown, not an error.
package enum GroupActivityMapper {
    /// The groups found in one batch answer (aliases `g0`…, null ones skipped), by alias order.
    /// A later page of one group (`groupByUrlname`) carries no activity and yields none.
    /// - Parameter urlnames: the batch's urlnames by alias, when known (a live fetch); a
    ///   replay reads each group's own `urlname`, or its events'.
    package static func batchGroups(_ document: JSONValue, urlnames: [String]? = nil) -> [GroupActivity] {
        guard let data = document["data"]?.objectValue else { return [] }
        let aliases = data.keys.compactMap { key in
            key.hasPrefix("g") ? Int(key.dropFirst()).map { (index: $0, key: key) } : nil
        }
        .sorted { $0.index < $1.index }
        return aliases.compactMap { index, key in
            data[key].flatMap { batchGroup($0, urlname: urlnames.flatMap { index < $0.count ? $0[index] : nil }) }
        }
    }

    static func batchGroup(_ group: JSONValue, urlname asked: String? = nil) -> GroupActivity? {
        guard group != .null, group.objectValue != nil else { return nil }
        let ownName =
            group["urlname"]?.stringValue
            ?? group["events"]?["edges"]?.arrayValue?.lazy.compactMap { $0["node"]?["group"]?["urlname"]?.stringValue }
            .first
        guard let urlname = asked ?? ownName, !urlname.isEmpty else { return nil }
        let upcoming = group["events"]?["edges"]?.arrayValue?.compactMap {
            $0["node"]?["dateTime"]?.stringValue.flatMap(date)
        }
        var activity = GroupActivity(
            urlname: urlname,
            name: cleaned(group["name"]),
            link: WebURL.parse(group["link"]),
            city: cleaned(group["city"]),
            members: group["stats"]?["memberCounts"]?["all"]?.intValue ?? group["memberships"]?["totalCount"]?.intValue,
            lastEventAt: firstDate(group["past"]),
            // `next` is the group's next event whatever the query's window (a batch asks for it);
            // a recording made before it was asked for has only the window's events.
            nextEventAt: group["next"] != nil ? firstDate(group["next"]) : upcoming?.min(),
            upcomingEvents: group["next"]?["totalCount"]?.intValue ?? group["events"]?["totalCount"]?.intValue
                ?? upcoming?.count,
            pastEvents: group["past"]?["totalCount"]?.intValue
        )
        activity.id = group["id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return activity
    }

    private static func firstDate(_ connection: JSONValue?) -> Date? {
        connection?["edges"]?.arrayValue?.first?["node"]?["dateTime"]?.stringValue.flatMap(date)
    }

    /// One page of a network's `groupsSearch`: its groups and the next page's cursor.
    package static func networkPage(_ document: JSONValue) throws(PageMappingError) -> (
        groups: [GroupActivity], nextCursor: String?
    ) {
        if case .array(let errors)? = document["errors"], !errors.isEmpty,
            document["data"]?["proNetwork"]?["groupsSearch"] == nil
        {
            throw .graphQLErrors(errors.map { $0["message"]?.stringValue ?? "unnamed error" })
        }
        guard let connection = document["data"]?["proNetwork"]?["groupsSearch"],
            case .array(let edges)? = connection["edges"]
        else {
            throw .unexpectedShape("no proNetwork.groupsSearch.edges in the answer")
        }
        let groups = edges.compactMap { edge -> GroupActivity? in
            guard var group = edge["node"].flatMap({ batchGroup($0) }) else { return nil }
            let metadata = edge["metadata"]
            group.lastEventAt = metadata?["lastEventDate"]?.stringValue.flatMap(date)
            group.nextEventAt = metadata?["nextEventDate"]?.stringValue.flatMap(date)
            group.members = metadata?["totalMembers"]?.intValue ?? group.members
            group.pastEvents = metadata?["totalPastEvents"]?.intValue
            group.upcomingEvents = metadata?["totalUpcomingEvents"]?.intValue
            return group
        }
        let hasNext = connection["pageInfo"]?["hasNextPage"]?.boolValue ?? false
        let cursor = connection["pageInfo"]?["endCursor"]?.stringValue
        return (groups, hasNext ? cursor.flatMap { $0.isEmpty ? nil : $0 } : nil)
    }

    /// Every configured urlname in config order: the group as found, or marked missing.
    package static func roster(_ urlnames: [String], found: [GroupActivity]) -> [GroupActivity] {
        let byName = Dictionary(found.map { ($0.urlname.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        return urlnames.map { byName[$0.lowercased()] ?? .missing($0) }
    }

    /// A `DateTime` as the API writes it, or a bare date (midnight UTC).
    static func date(_ text: String) -> Date? {
        ISO8601.parseDateTime(text)?.date
            ?? (text.utf8.count == 10 ? ISO8601.parseDateTime(text + "T00:00:00Z")?.date : nil)
    }

    private static func cleaned(_ value: JSONValue?) -> String? {
        let text = TextCleaning.singleLine(value?.stringValue ?? "")
        return text.isEmpty ? nil : text
    }
}
