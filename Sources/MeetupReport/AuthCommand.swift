import ArgumentParser
import Foundation
import MeetupAuth
import MeetupSupport

/// `meetup-report auth`: the one command to run while setting up cron.
struct AuthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Check the API credentials: get (or reuse) a token and ask the API who it belongs to.",
        discussion: """
            Uses the config's source.auth exactly as a run would (a cached token is reused; a new one \
            is cached for the next run), then runs `query { self { id name } }`. Prints the member, \
            the flow and when the token expires. Nothing is fetched or published.

            Exit status: 0 authenticated; 1 not (the reason is printed); 2 bad command line or config.
            """
    )

    @OptionGroup var options: ConfigOptions

    func run() throws {
        let settings = try options.load { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        // Token lifetimes are network time: the wall clock, whatever `--now` says.
        switch AuthCheck.run(config: settings, environment: ProcessInfo.processInfo.environment) {
        case .success(let report):
            var lines = [
                "authenticated as \(report.memberName) (member \(report.memberID))",
                "flow: \(report.flow); token \(report.tokenOrigin)",
            ]
            if let expiresAt = report.expiresAt {
                let minutes = Int(expiresAt.timeIntervalSince(Date()) / 60)
                lines.append(
                    "token expires \(ISO8601.formatUTC(expiresAt)) (in \(minutes) min); runs renew it 5 min before")
            }
            print(lines.joined(separator: "\n"))
        case .failure(let error):
            FileHandle.standardError.write(Data("meetup-report: auth FAILED: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
