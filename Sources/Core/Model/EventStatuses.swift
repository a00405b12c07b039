/// The `EventStatus` values the tool sends, in one place. `NetworkEventsFilter.status` is typed
/// `[String]`, so a misspelt value passes the schema and matches nothing: `make test`
/// (`Scripts/check-graphql.py`) checks every status a request carries against the schema's
/// `EventStatus` enum.
package enum EventStatuses {
    /// Events still to come, as a query's window shows them.
    package static let upcoming = ["ACTIVE"]
    /// Events that have taken place.
    package static let past = ["PAST"]
}
