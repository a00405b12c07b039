import Foundation

/// Why a query produced no events. Every message names the query, because a
/// nightly log with twenty queries is useless if it only says "HTTP 500".
package enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    case transport(query: String, page: Int, reason: String)
    case httpStatus(query: String, page: Int, status: Int)
    case graphQL(query: String, page: Int, messages: [String])
    case malformedResponse(query: String, page: Int, reason: String)
    /// The API's paging misbehaved (cursors cycle, empty pages claim more, no end in sight).
    case paging(query: String, reason: String)
    /// No access token, or the API refused it even after a renewal.
    case authentication(query: String, page: Int, reason: String)
    case snapshotMissing(query: String, path: String)
    case snapshotUnreadable(query: String, path: String, reason: String)
    /// `--offline`, and no earlier run of this query succeeded.
    case notFetchedYet(query: String)
    /// The Pro network is unknown, or the authorised member may not read it.
    /// `member`: who the token belongs to ("Ada (id 123)"), when the API said.
    case networkUnreadable(query: String, network: String, member: String?)
    /// An iCalendar feed that could not be read or used.
    case calendar(query: String, reason: String)
    /// What failed for one group of a `groups` query: its own pages, or Meetup failing to
    /// load it (an error on its alias of a batch).
    indirect case group(urlname: String, FetchError)

    package var queryID: String {
        switch self {
        case .transport(let query, _, _), .httpStatus(let query, _, _), .graphQL(let query, _, _),
            .malformedResponse(let query, _, _), .paging(let query, _), .authentication(let query, _, _),
            .snapshotMissing(let query, _), .snapshotUnreadable(let query, _, _),
            .notFetchedYet(let query), .networkUnreadable(let query, _, _), .calendar(let query, _):
            query
        case .group(_, let error):
            error.queryID
        }
    }

    /// The reason without the query name, for the summary line.
    package var reason: String {
        switch self {
        case .transport(_, let page, let reason):
            "page \(page): \(reason)"
        case .httpStatus(_, let page, let status):
            "page \(page): HTTP \(status) from the API"
        case .graphQL(_, let page, let messages):
            "page \(page): the API answered with errors: \(messages.joined(separator: "; "))"
        case .malformedResponse(_, let page, let reason):
            "page \(page): unexpected response: \(reason)"
        case .paging(_, let reason):
            reason
        case .authentication(_, let page, let reason):
            "page \(page): authentication failed: \(reason)"
        case .snapshotMissing(_, let path):
            "the snapshot has no responses for it (looked for \(path))"
        case .snapshotUnreadable(_, let path, let reason):
            "cannot read \(path): \(reason)"
        case .networkUnreadable(_, let network, let member):
            "the Meetup Pro network “\(network)” is unknown, or "
                + (member.map { "the authorised member, \($0), may not read it" }
                    ?? "the authorised member may not read it")
                + " (check the network's urlname; a network's organisers grant its admins access"
                + (member == nil ? "; meetup-report auth shows which member the token is for)" : ")")
        case .notFetchedYet:
            "offline, and no earlier run of this query succeeded"
        case .calendar(_, let reason):
            "calendar: \(reason)"
        case .group(let urlname, let error):
            "the group “\(urlname)”, \(error.reason)"
        }
    }

    package var description: String { "query \"\(queryID)\": \(reason)" }
}
