import Foundation
import MeetupConfig
import MeetupSupport

/// Runs the config's `publish.command` (a value of the config) as a child process.
extension PublishCommand {
    /// Runs the command and waits for it (at most `timeout`, then its process group is stopped).
    package func run(outputDirectory: URL, environment: ChildEnvironment) -> Result<
        ExternalCommand.Outcome, ExternalCommand.Failure
    > {
        ExternalCommand(
            arguments: arguments + [outputDirectory.path], environment: environment,
            workingDirectory: outputDirectory.deletingLastPathComponent(), timeout: timeout
        ).run()
    }
}
