import ArgumentParser
import Foundation
import MeetupSupport

@main
struct MeetupReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meetup-report",
        abstract: "Turn Meetup event searches into a static website.",
        discussion: """
            `meetup-report --config FILE` runs the nightly job (the `run` subcommand, the default): \
            fetch the events of the config's queries from the Meetup API, cache their photos, and \
            publish the pages in one atomic step. `meetup-report auth --config FILE` checks the API \
            credentials once while setting up; `meetup-report init DIR` writes a starter config \
            and `meetup-report check --config FILE` checks a setup without publishing. See \
            `meetup-report help run` for every option.

            Exit status: 0 success; 1 the run failed or a query failed (previous site kept); \
            2 bad command line or config.
            """,
        version: BuildInfo.versionLine,
        subcommands: [
            RunCommand.self, InitCommand.self, CheckCommand.self, ExplainCommand.self, AuthCommand.self,
            BackfillCommand.self, BackupCommand.self, DiscoverCommand.self, ConfigSchemaCommand.self,
            GraphQLRequestsCommand.self, ServeCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// The run's options, from its own help: what `meetup-report --config FILE …` takes.
    static func runOptionsHelp() -> String {
        let help = RunCommand.helpMessage(for: RunCommand.self)
        guard let options = help.range(of: "OPTIONS:") else { return "" }
        return "\nOPTIONS OF THE RUN (the default subcommand: meetup-report --config FILE [options]):"
            + help[options.upperBound...].trimmingCharacters(in: .newlines).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .prefix { !$0.hasPrefix("  See ") }.map { "\n" + $0 }.joined()
    }

    /// Usage errors exit with 2 (docs/running.md's contract), not ArgumentParser's default 64.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let shell = CompletionScript.requestedShell(in: arguments) {
            print(CompletionScript.script(for: shell))
            return
        }
        // The top-level help shows the options of the run it performs by default, not only --version.
        if arguments == ["--help"] || arguments == ["-h"] {
            print(helpMessage())
            print(runOptionsHelp())
            return
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Self.exit(withError: exit)
        } catch {
            if exitCode(for: error) == .success { Self.exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            FileHandle.standardError.write(Data("meetup-report: bad command line; see meetup-report --help\n".utf8))
            Self.exit(withError: ExitCode(2))
        }
    }
}
