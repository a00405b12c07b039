import Foundation
import MeetupAuth
import MeetupConfig
import MeetupFetch
import MeetupModel
import MeetupSupport

/// `meetup-report discover`: the groups Meetup finds for a keyword near a point (name,
/// urlname, city, members, last and next event), through the config's API and credentials
/// as a run reaches them, and a `groups` query ready to paste into the config.
package struct GroupDiscovery: Sendable {
    package let config: ReportConfig
    package let environment: [String: String]
    package let clock: @Sendable () -> Date

    package init(
        config: ReportConfig, environment: [String: String], clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.config = config
        self.environment = environment
        self.clock = clock
    }

    package func run(_ area: SearchArea, limit: Int) -> Result<[GroupActivity], DiscoveryError> {
        guard case .meetupAPI = config.source else {
            return .failure(DiscoveryError(message: "the config's source is a snapshot: discover asks the Meetup API"))
        }
        // Under the cache's run lock, as `auth`: a rotating refresh token is never spent twice.
        let access: APIAccess
        switch APIAccess.open(
            config: config, environment: environment, holder: .discover, clock: clock,
            onWait: { FileHandle.standardError.write(Data("meetup-report discover: \($0)\n".utf8)) })
        {
        case .success(let opened): access = opened
        case .failure(let error): return .failure(DiscoveryError(message: error.message))
        }
        defer { withExtendedLifetime(access) {} }
        let redactor = access.redactor
        let source = MeetupAPISource(
            endpoint: access.endpoint, credentials: access.credentials, transport: access.transport,
            scratchDirectory: access.scratch, redactor: redactor)
        let answer = LockedBox<Result<[GroupActivity], FetchError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        source.discoverGroups(area, limit: limit) { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = answer.withLock({ $0 }) else { return .failure(DiscoveryError(message: "no answer")) }
        return result.mapError { DiscoveryError(message: redactor.redact($0.description)) }
    }

    /// The groups as a table: name, urlname, city, members, last and next event.
    package static func table(_ groups: [GroupActivity], timeZone: TimeZone) -> String {
        let day = { (date: Date?) in date.map { String(ISO8601.formatUTC($0).prefix(10)) } ?? "–" }
        let rows =
            [["name", "urlname", "city", "members", "last event", "next event"]]
            + groups.map { group in
                [
                    TextCleaning.truncated(TextCleaning.singleLine(group.name), maxLength: 40), group.urlname,
                    TextCleaning.singleLine(group.city ?? "–"), group.members.map(NumberText.grouped) ?? "–",
                    day(group.lastEventAt), day(group.nextEventAt),
                ]
            }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    /// A `groups` query for the config: an id and title from the keyword, the urlnames.
    package static func query(_ groups: [GroupActivity], keyword: String) -> String {
        let slug = QueryID.slug(keyword, maxLength: 40)
        let id = (slug.isEmpty ? "groups" : slug) + "-groups"
        let text = { (value: String) in JSONValue.string(value).compactJSON }
        // In the order a config reads best (id, title, groups), each value JSON-escaped.
        let urlnames = groups.map { "    " + text($0.urlname) }.joined(separator: ",\n")
        return "{\n  \"id\": \(text(id)),\n  \"title\": \(text(TextCleaning.singleLine(keyword) + " groups")),\n"
            + "  \"groups\": [\n\(urlnames)\n  ]\n}\n"
    }
}

/// Why `discover` found nothing to show: a message a user can act on, with no secret in it.
package struct DiscoveryError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
