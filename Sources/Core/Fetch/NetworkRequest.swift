import Foundation
import MeetupModel
import MeetupSupport

/// Builds the `proNetwork.eventsSearch` request for one page of a Meetup Pro network's
/// events in the query's window (the member must be allowed to read the network).
package enum NetworkRequest {
    package static let document = """
        query NetworkEvents($urlname: ID!, $input: ProNetworkEventsSearchInput!) {
          proNetwork(urlname: $urlname) {
            eventsSearch(input: $input) {
              totalCount
              pageInfo { hasNextPage endCursor }
              edges { node {
                \(SearchRequest.eventFields)
              } }
            }
          }
        }
        """

    /// The JSON body for one page. `after` is the previous page's `endCursor`.
    package static func body(network urlname: String, window: DateInterval, first: Int, after: String?) -> Data {
        // Meetup answers newest first, and every status, unless told (`pro-events-3.json`): the
        // soonest first, so a capped query keeps the soonest and stops paging when it has them.
        var input: [String: JSONValue] = [
            "first": .number(Double(first)),
            "desc": .bool(false),
            "filter": .object([
                "eventDateMin": .string(ISO8601.formatUTC(window.start)),
                "eventDateMax": .string(ISO8601.formatUTC(window.end)),
                "status": .array(EventStatuses.upcoming.map(JSONValue.string)),
            ]),
        ]
        if let after { input["after"] = .string(after) }
        let payload = JSONValue.object([
            "query": .string(document),
            "variables": .object(["urlname": .string(urlname), "input": .object(input)]),
        ])
        return Data(payload.compactJSON.utf8)
    }

    /// The network's groups with their analytics (`metadata`), for the groups report.
    package static let groupsDocument = """
        query NetworkGroups($urlname: ID!, $input: ProNetworkGroupsSearchInput!) {
          proNetwork(urlname: $urlname) {
            groupsSearch(input: $input) {
              totalCount
              pageInfo { hasNextPage endCursor }
              edges {
                node { id name urlname city link }
                metadata { lastEventDate nextEventDate totalMembers totalPastEvents totalUpcomingEvents }
              }
            }
          }
        }
        """

    /// Groups asked for per page of `groupsSearch`.
    package static let groupsPageSize = 100

    /// The JSON body for one page of the network's groups.
    package static func groupsBody(network urlname: String, after: String?) -> Data {
        var input: [String: JSONValue] = ["first": .number(Double(groupsPageSize))]
        if let after { input["after"] = .string(after) }
        let payload = JSONValue.object([
            "query": .string(groupsDocument),
            "variables": .object(["urlname": .string(urlname), "input": .object(input)]),
        ])
        return Data(payload.compactJSON.utf8)
    }

    /// True when the answer's `proNetwork` is null: unknown, or not readable by the member.
    /// An answer that opens its network as the API writes it (compactly) is read: a page of
    /// R-Ladies' network is parsed once, by the mapping, not once more here. A quote in a value
    /// is escaped, so those bytes are a key, and a null network leaves no other object to hold it.
    static func isUnreadable(_ data: Data) -> Bool {
        if ByteSearch.contains(Array(#""proNetwork":{"#.utf8), in: data) { return false }
        guard let document = try? JSONValue.parse(data), let answer = document["data"] else { return false }
        return answer["proNetwork"] == .null || (answer.objectValue != nil && answer["proNetwork"] == nil)
    }
}
