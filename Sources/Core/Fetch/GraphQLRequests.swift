import Foundation
import MeetupAuth
import MeetupModel
import MeetupSupport

/// Every kind of GraphQL request the tool sends, as sample bodies built by the same code a
/// run uses, so `Scripts/check-graphql.py` can validate each document and its variables
/// against Meetup's recorded live schema (`meetup-report graphql-requests` prints them).
/// A new request kind is added here, or the check does not see it.
package enum GraphQLRequests {
    package static func samples() -> [(name: String, body: Data)] {
        let area = SearchArea(keyword: "swift", latitude: 52.52, longitude: 13.405, radiusMiles: 25)
        let window = DateInterval(start: Date(timeIntervalSince1970: 1_795_000_000), duration: 60 * 86_400)
        let since = Date(timeIntervalSince1970: 1_325_376_000)  // 2012-01-01
        return [
            (
                "eventSearch, first page",
                SearchRequest.body(for: area, window: window, first: SearchRequest.pageSize, after: nil)
            ),
            ("eventSearch, a later page", SearchRequest.body(for: area, window: window, first: 7, after: "cursor-2")),
            (
                "groupSearch (discover), first page",
                DiscoverRequest.body(area, first: DiscoverRequest.pageSize, after: nil)
            ),
            ("groupSearch (discover), a later page", DiscoverRequest.body(area, first: 50, after: "c2")),
            (
                "proNetwork.eventsSearch, first page",
                NetworkRequest.body(network: "rladies", window: window, first: 50, after: nil)
            ),
            (
                "proNetwork.eventsSearch, a later page",
                NetworkRequest.body(network: "rladies", window: window, first: 50, after: "c2")
            ),
            (
                "proNetwork.groupsSearch (the groups report), first page",
                NetworkRequest.groupsBody(network: "rladies", after: nil)
            ),
            ("proNetwork.groupsSearch, a later page", NetworkRequest.groupsBody(network: "rladies", after: "c2")),
            (
                "groupByUrlname × 20, aliased (a batch of groups)",
                GroupsRequest.batchBody((0..<GroupsRequest.batchSize).map { "group-\($0)" }, window: window, first: 50)
            ),
            (
                "groupByUrlname × 1 (a short last batch)",
                GroupsRequest.batchBody(["rladies-lagos"], window: window, first: 50)
            ),
            (
                "groupByUrlname.events, a later page",
                GroupsRequest.pageBody("rladies-lagos", window: window, first: 50, after: "c2")
            ),
            (
                "backfill: proNetwork.eventsSearch, past, first page",
                PastEventsRequest.network(urlname: "rladies", since: since, until: window.start, after: nil).body
            ),
            (
                "backfill: proNetwork.eventsSearch, past, a later page",
                PastEventsRequest.network(urlname: "rladies", since: since, until: window.start, after: "c2").body
            ),
            (
                "backfill: groupByUrlname × 20, past, aliased",
                PastEventsRequest.groups(
                    urlnames: (0..<20).map { "group-\($0)" }, since: since, until: window.start
                ).body
            ),
            (
                "backfill: groupByUrlname.events, past, a later page",
                PastEventsRequest.group(urlname: "rladies-lagos", since: since, until: window.start, after: "c2").body
            ),
            ("self (auth and check)", Data(JSONValue.object(["query": .string(AuthCheck.selfQuery)]).compactJSON.utf8)),
        ]
    }

    /// The samples as one JSON array of `{"name": …, "body": {"query": …, "variables": …}}`.
    package static func samplesJSON() -> String {
        let items: [JSONValue] = samples().map { sample in
            .object(["name": .string(sample.name), "body": (try? JSONValue.parse(sample.body)) ?? .null])
        }
        return JSONValue.array(items).serialized()
    }
}
