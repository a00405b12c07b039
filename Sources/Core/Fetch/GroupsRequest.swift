import Foundation
import MeetupAuth
import MeetupModel
import MeetupSupport

/// Builds the requests for a query that follows a list of groups: many groups in one
/// request through GraphQL aliases (`g0: groupByUrlname(…)`, `batchSize` at a time), each
/// with its first page of upcoming events in the window; a group with more than one page is
/// then paged alone, with its own cursor.
package enum GroupsRequest {
    /// Groups asked for in one request: 200 groups cost about ten requests a night.
    package static let batchSize = 20

    /// A group's events in the window; in a batch also what the groups report needs: its
    /// city, link, members and latest past event (`past`, the same alias in every group).
    static func selection(after: Bool) -> String {
        """
        id name urlname\(after ? "" : activityFields)
            events(first: $first\(after ? ", after: $after" : ""), status: ACTIVE, filter: { afterDateTime: $from, beforeDateTime: $to }) {
              totalCount
              pageInfo { hasNextPage endCursor }
              edges { node {
                \(SearchRequest.eventFields)
              } }
            }
        """
    }

    /// What the groups report needs, whatever the query's window: the latest past event and the
    /// count of past events (`past`), the next upcoming event and the count of upcoming ones
    /// (`next`), as Meetup counts them (`totalCount` of each connection).
    static let activityFields = """
         city link stats { memberCounts { all } }
            past: events(status: PAST, sort: DESC, first: 1) { totalCount edges { node { dateTime } } }
            next: events(status: ACTIVE, sort: ASC, first: 1) { totalCount edges { node { dateTime } } }
        """

    /// The document for `count` groups, aliased `g0`… in the order given.
    package static func batchDocument(count: Int) -> String {
        let variables = (0..<count).map { ", $u\($0): String!" }.joined()
        let groups = (0..<count).map {
            "  g\($0): groupByUrlname(urlname: $u\($0)) {\n    \(selection(after: false))\n  }"
        }
        return "query GroupEvents($first: Int!, $from: DateTime, $to: DateTime\(variables)) {\n"
            + groups.joined(separator: "\n") + "\n}"
    }

    package static let pageDocument = """
        query GroupEventsPage($urlname: String!, $first: Int!, $after: String, $from: DateTime, $to: DateTime) {
          groupByUrlname(urlname: $urlname) {
            \(selection(after: true))
          }
        }
        """

    /// The body for one batch of at most `batchSize` urlnames.
    package static func batchBody(_ urlnames: [String], window: DateInterval, first: Int) -> Data {
        var variables = window.variables
        variables["first"] = .number(Double(first))
        for (index, urlname) in urlnames.enumerated() { variables["u\(index)"] = .string(urlname) }
        return Data(
            JSONValue.object(["query": .string(batchDocument(count: urlnames.count)), "variables": .object(variables)])
                .compactJSON.utf8)
    }

    /// The body for a later page of one group's events.
    package static func pageBody(_ urlname: String, window: DateInterval, first: Int, after: String) -> Data {
        var variables = window.variables
        variables["urlname"] = .string(urlname)
        variables["first"] = .number(Double(first))
        variables["after"] = .string(after)
        return Data(
            JSONValue.object(["query": .string(pageDocument), "variables": .object(variables)]).compactJSON.utf8)
    }

    /// Each group's first page from a batch answer, in the order asked; nil for a group
    /// the API does not know (its alias is null, with no error on its path or one that says
    /// "not found"). An alias with any other error on its path ("Internal error while loading
    /// group …") is Meetup failing to load that group: the query fails, as for any other
    /// error, naming the group. An answer with errors and no data fails.
    static func pages(from document: JSONValue, urlnames: [String]) throws(PageMappingError) -> [EventPage?] {
        if TokenRefusal.refuses(document) {
            throw .tokenRejected(
                document["errors"]?.arrayValue?.map { $0["message"]?.stringValue ?? "unnamed error" } ?? [])
        }
        guard let answer = document["data"], case .object = answer else {
            let messages = document["errors"]?.arrayValue?.map { $0["message"]?.stringValue ?? "unnamed error" } ?? []
            if !messages.isEmpty { throw .graphQLErrors(messages) }
            throw .unexpectedShape("no \"data\" in the answer")
        }
        var pages: [EventPage?] = []
        for (index, urlname) in urlnames.enumerated() {
            let alias = "g\(index)"
            let errors = errors(at: alias, in: document).filter { !$0.lowercased().contains("not found") }
            guard let group = answer[alias], group != .null, let events = group["events"], events != .null else {
                if !errors.isEmpty { throw .groupFailed(urlname: urlname, alias: alias, messages: errors) }
                pages.append(nil)
                continue
            }
            if !errors.isEmpty { throw .groupFailed(urlname: urlname, alias: alias, messages: errors) }
            pages.append(try EventMapper.connectionPage(events, root: "\(alias).events"))
        }
        return pages
    }

    /// The messages of the answer's errors whose `path` starts at `alias`.
    static func errors(at alias: String, in document: JSONValue) -> [String] {
        (document["errors"]?.arrayValue ?? []).compactMap { error in
            guard error["path"]?.arrayValue?.first?.stringValue == alias else { return nil }
            return error["message"]?.stringValue ?? "unnamed error"
        }
    }

    /// A batch answer's body as JSON.
    static func document(_ data: Data) throws(PageMappingError) -> JSONValue {
        do {
            return try JSONValue.parse(data)
        } catch {
            throw .notJSON(error.reason)
        }
    }
}

private extension DateInterval {
    /// The window as the group filter's `afterDateTime` and `beforeDateTime`.
    var variables: [String: JSONValue] {
        ["from": .string(ISO8601.formatUTC(start)), "to": .string(ISO8601.formatUTC(end))]
    }
}
