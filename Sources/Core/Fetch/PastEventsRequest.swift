import Foundation
import MeetupModel
import MeetupSupport

/// One request of a backfill: the past events of a network, or of a list of groups, since a
/// date. A network is one paged list; groups are asked for twenty at a time (aliases, the
/// first page of each), then a group with more is paged alone with its own cursor.
package enum PastEventsRequest: Sendable, Equatable {
    case network(urlname: String, since: Date, until: Date, after: String?)
    case groups(urlnames: [String], since: Date, until: Date)
    case group(urlname: String, since: Date, until: Date, after: String)

    /// What it counts against `limits.apiRequestsPerMinute`: a batch of groups (one aliased field
    /// per group) as many requests as it has groups, as tonight's groups fetch counts it
    /// (docs/query-kinds.md); a network's or one group's page as one.
    package var cost: Int {
        if case .groups(let urlnames, _, _) = self { return max(1, urlnames.count) }
        return 1
    }

    /// Events asked for per page: the most Meetup answers in one (fewer requests, the same points).
    package static let pageSize = 200

    package var body: Data {
        switch self {
        case .network(let urlname, let since, let until, let after):
            var input: [String: JSONValue] = [
                "first": .number(Double(Self.pageSize)), "desc": .bool(false),
                "filter": .object([
                    "eventDateMin": .string(ISO8601.formatUTC(since)),
                    "eventDateMax": .string(ISO8601.formatUTC(until)),
                    "status": .array([.string("PAST")]),
                ]),
            ]
            if let after { input["after"] = .string(after) }
            return Self.payload(
                NetworkRequest.document, ["urlname": .string(urlname), "input": .object(input)])
        case .groups(let urlnames, let since, let until):
            var variables = Self.window(since, until)
            variables["first"] = .number(Double(Self.pageSize))
            for (index, urlname) in urlnames.enumerated() { variables["u\(index)"] = .string(urlname) }
            return Self.payload(Self.batchDocument(count: urlnames.count), variables)
        case .group(let urlname, let since, let until, let after):
            var variables = Self.window(since, until)
            variables["urlname"] = .string(urlname)
            variables["first"] = .number(Double(Self.pageSize))
            variables["after"] = .string(after)
            return Self.payload(Self.pageDocument, variables)
        }
    }

    /// A group's past events in the window, oldest first, with what its page shows of it.
    static func selection(after: Bool) -> String {
        """
        id name urlname city country
            events(first: $first\(after ? ", after: $after" : ""), status: PAST, sort: ASC, filter: { afterDateTime: $from, beforeDateTime: $to }) {
              pageInfo { hasNextPage endCursor }
              edges { node {
                \(SearchRequest.eventFields)
              } }
            }
        """
    }

    static func batchDocument(count: Int) -> String {
        let variables = (0..<count).map { ", $u\($0): String!" }.joined()
        let groups = (0..<count).map {
            "  g\($0): groupByUrlname(urlname: $u\($0)) {\n    \(selection(after: false))\n  }"
        }
        return "query PastGroupEvents($first: Int!, $from: DateTime, $to: DateTime\(variables)) {\n"
            + groups.joined(separator: "\n") + "\n}"
    }

    static let pageDocument = """
        query PastGroupEventsPage($urlname: String!, $first: Int!, $after: String, $from: DateTime, $to: DateTime) {
          groupByUrlname(urlname: $urlname) {
            \(selection(after: true))
          }
        }
        """

    private static func window(_ since: Date, _ until: Date) -> [String: JSONValue] {
        ["from": .string(ISO8601.formatUTC(since)), "to": .string(ISO8601.formatUTC(until))]
    }

    private static func payload(_ document: String, _ variables: [String: JSONValue]) -> Data {
        Data(JSONValue.object(["query": .string(document), "variables": .object(variables)]).compactJSON.utf8)
    }
}

/// What one backfill request brought: the events, and where each list goes on.
package struct PastEventsPage: Sendable {
    package var events: [Event]
    /// A network's next cursor; nil when its list is complete.
    package var networkCursor: String?
    /// Per group asked for (by urlname as asked): its next cursor, nil when complete; a group
    /// Meetup does not know is absent.
    package var groupCursors: [String: String?]

    package init(events: [Event], networkCursor: String? = nil, groupCursors: [String: String?] = [:]) {
        self.events = events
        self.networkCursor = networkCursor
        self.groupCursors = groupCursors
    }

    /// The page of an answer to `request`.
    package static func mapping(_ data: Data, for request: PastEventsRequest) throws(PageMappingError)
        -> PastEventsPage
    {
        switch request {
        case .network:
            let page = try EventMapper.page(from: data)
            return PastEventsPage(events: page.events, networkCursor: page.nextCursor)
        case .group(let urlname, _, _, _):
            let page = try EventMapper.page(from: data)
            return PastEventsPage(events: page.events, groupCursors: [urlname: page.nextCursor])
        case .groups(let urlnames, _, _):
            let pages = try GroupsRequest.pages(from: try GroupsRequest.document(data), urlnames: urlnames)
            var result = PastEventsPage(events: [])
            for (urlname, page) in zip(urlnames, pages) {
                guard let page else { continue }
                result.events += page.events
                result.groupCursors[urlname] = .some(page.nextCursor)
            }
            return result
        }
    }
}

/// Where a backfill reads: the live API, or a snapshot's recorded answers.
package protocol PastEventsSource: Sendable {
    /// Answers one request of `query`'s backfill (`number`: its place in this backfill, from 1).
    func pastEvents(
        _ request: PastEventsRequest, of query: EventQuery, number: Int,
        completion: @escaping @Sendable (Result<PastEventsPage, FetchError>) -> Void)
}
