import Foundation
import MeetupModel
import MeetupSupport

extension FetchError {
    /// A page that could not be read. Server text goes through the redactor: an API
    /// that echoes the Authorization header in its error ("Invalid access token:
    /// Bearer …") must not put the token in a log, a summary or a page.
    init(_ error: PageMappingError, query: String, page: Int, redactor: SecretRedactor = SecretRedactor()) {
        switch error {
        case .notJSON(let reason):
            self = .malformedResponse(query: query, page: page, reason: "not JSON (\(redactor.redact(reason)))")
        case .graphQLErrors(let messages), .tokenRejected(let messages):
            self = .graphQL(query: query, page: page, messages: messages.map(redactor.redact))
        case .unexpectedShape(let reason):
            self = .malformedResponse(query: query, page: page, reason: redactor.redact(reason))
        case .groupFailed(let urlname, _, let messages):
            self = .group(urlname: urlname, .graphQL(query: query, page: page, messages: messages.map(redactor.redact)))
        }
    }
}
