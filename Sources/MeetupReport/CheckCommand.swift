import ArgumentParser
import Foundation
import MeetupPipeline
import MeetupConfig

/// `meetup-report check`: is this setup ready for cron? Nothing is published.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a setup without publishing: config, templates, folders, lock, credentials.",
        discussion: """
            Prints one line per check, ok or FAILED with the reason. With the live API it gets \
            (or reuses) a token and asks the API who it belongs to.

            Exit status: 0 every check passed; 1 a check failed; 2 bad command line or config.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(
        name: .long,
        help: ArgumentHelp("The templates folder to check (default: as a run would find it).", valueName: "dir"),
        completion: .directory)
    var templates: String?

    func run() throws {
        let settings = try options.load { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        let workingDirectory = ConfigOptions.workingDirectory
        print("ok      config: \(options.configURL.path) (\(settings.queries.count) queries)")
        let templates = TemplateLocator(
            commandLine: templates.map { ConfigLoader.resolve($0, against: workingDirectory) },
            config: settings, configFile: options.configURL, workingDirectory: workingDirectory)
        let results = SetupCheck(
            config: settings, templates: templates, environment: ProcessInfo.processInfo.environment
        ).run()
        for result in results {
            print("\(result.ok ? "ok    " : "FAILED")  \(result.name): \(result.detail)")
        }
        if results.contains(where: { !$0.ok }) { throw ExitCode(1) }
    }
}
