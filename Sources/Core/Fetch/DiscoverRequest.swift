import Foundation
import MeetupModel
import MeetupSupport

/// `meetup-report discover`: Meetup's `groupSearch` for a keyword near a point, each group
/// with what the groups report reads (city, link, members, its latest past and next event,
/// `GroupsRequest.activityFields`), validated against the live schema in `make test`.
package enum DiscoverRequest {
    /// Groups per page (the recorded `find_groups` asked for 200).
    package static let pageSize = 50

    package static let document = """
        query DiscoverGroups($query: String!, $lat: Float!, $lon: Float!, $radius: Float!, $first: Int!, $after: String) {
          groupSearch(filter: { query: $query, lat: $lat, lon: $lon, radius: $radius }, first: $first, after: $after) {
            totalCount
            pageInfo { hasNextPage endCursor }
            edges { node {
              id name urlname country memberships { totalCount }\(GroupsRequest.activityFields)
            } }
          }
        }
        """

    package static func body(_ area: SearchArea, first: Int, after: String?) -> Data {
        var variables: [String: JSONValue] = [
            "query": .string(area.keyword), "lat": .number(area.latitude), "lon": .number(area.longitude),
            "radius": .number(area.radiusMiles), "first": .number(Double(first)),
        ]
        if let after { variables["after"] = .string(after) }
        return Data(JSONValue.object(["query": .string(document), "variables": .object(variables)]).compactJSON.utf8)
    }

    /// One page's groups and the cursor of the next page (nil: the last).
    package static func page(_ document: JSONValue) throws(PageMappingError) -> (groups: [GroupActivity], next: String?)
    {
        guard let connection = document["data"]?["groupSearch"], connection != .null else {
            let errors = document["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
            throw errors.isEmpty ? .unexpectedShape("no data.groupSearch") : .graphQLErrors(errors)
        }
        let groups = (connection["edges"]?.arrayValue ?? []).compactMap { edge in
            edge["node"].flatMap { GroupActivityMapper.batchGroup($0) }
        }
        let info = connection["pageInfo"]
        let next = info?["hasNextPage"]?.boolValue == true ? info?["endCursor"]?.stringValue : nil
        return (groups, next.flatMap { $0.isEmpty ? nil : $0 })
    }
}
