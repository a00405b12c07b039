import ArgumentParser
import MeetupFetch

/// `meetup-report graphql-requests` (hidden): every kind of GraphQL request the tool
/// sends, as JSON, for the schema check in `make test` (Scripts/check-graphql.py).
struct GraphQLRequestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphql-requests",
        abstract: "Print a sample of every GraphQL request the tool sends, as JSON (for the schema check).",
        shouldDisplay: false
    )

    func run() throws {
        print(GraphQLRequests.samplesJSON())
    }
}
