import Foundation
import MeetupModel
import MeetupSupport

/// Builds the `eventSearch` GraphQL request for one page of a query, keeping the
/// request and the mapping of its answer side by side (the seeds' Get-Map pattern).
package enum SearchRequest {
    /// Largest page the API is asked for; fewer when the query's cap is closer.
    package static let pageSize = 50

    /// The fields of an event the site shows, shared by every request that lists events.
    static let eventFields = """
        id token title eventUrl description status eventType createdTime
              dateTime endTime duration
              venues { id name address city state postalCode country lat lon venueType }
              group { id name urlname timezone keyGroupPhoto { id baseUrl highResUrl } }
              featuredEventPhoto { id baseUrl highResUrl }
              rsvps { totalCount }
              networkEvent { id }
              feeSettings { amount currency required }
        """

    package static let document = """
        query SearchEvents($filter: EventSearchFilter!, $first: Int, $after: String) {
          eventSearch(filter: $filter, first: $first, after: $after) {
            totalCount
            pageInfo { hasNextPage endCursor }
            edges { node {
              \(eventFields)
            } }
          }
        }
        """

    /// The JSON body for one page. `after` is the previous page's `endCursor`.
    package static func body(for area: SearchArea, window: DateInterval, first: Int, after: String?) -> Data {
        var variables: [String: JSONValue] = [
            "filter": .object([
                "query": .string(area.keyword),
                "lat": .number(area.latitude),
                "lon": .number(area.longitude),
                "radius": .number(area.radiusMiles),
                "startDateRange": .string(ISO8601.formatUTC(window.start)),
                "endDateRange": .string(ISO8601.formatUTC(window.end)),
            ]),
            "first": .number(Double(first)),
        ]
        if let after { variables["after"] = .string(after) }
        let payload = JSONValue.object(["query": .string(document), "variables": .object(variables)])
        return Data(payload.compactJSON.utf8)
    }
}
