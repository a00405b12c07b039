import ArgumentParser
import Foundation
import Logging
import MeetupConfig
import MeetupPipeline
import MeetupSupport

/// The nightly job: fetch, photos, render, publish (the default subcommand).
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Fetch the events, photos and pages, and publish the site (what cron runs; the default).",
        discussion: """
            Reads the queries in a JSON config, fetches their upcoming events from the Meetup \
            GraphQL API (token from the environment) or replays a recorded snapshot, downloads and \
            caches the groups' photos, and publishes Markdown and HTML pages into the output folder \
            in one atomic step. A failed run leaves the previous site untouched.

            Exit status: 0 success; 1 the run failed or a query failed (previous site kept); \
            2 bad command line or config.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(
        name: .long, help: ArgumentHelp("Publish the site here instead of the config's \"output\".", valueName: "dir"),
        completion: .directory)
    var output: String?

    @Option(name: .long, help: ArgumentHelp("Download at most this many photos at once (1-64).", valueName: "n"))
    var photoConcurrency: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write every raw API response and downloaded photo into this folder, as a snapshot a config can replay.",
            valueName: "dir"), completion: .directory)
    var record: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder holding the page templates (default: the config's \"templates\", Templates beside the config, then the installed ones).",
            valueName: "dir"), completion: .directory)
    var templates: String?

    @Flag(
        name: .long,
        help:
            "Re-render from the last fetched events and the cached photos, with no network and no token (for template work)."
    )
    var offline = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write the run's figures (stage times, requests, bytes, thumbnail CPU time) as JSON here.",
            valueName: "file"), completion: .file())
    var stats: String?

    @Flag(name: .long, help: "Delete the run history (new, moved and removed markers, trend charts) and start it over.")
    var resetHistory = false

    @Flag(
        name: .long,
        help:
            "Print tonight's digest as plain text on stdout once the site is published (nothing on a quiet night, unless the config's digest.onlyWhenChanged is false), so cron mails it."
    )
    var digestStdout = false

    @Flag(
        name: .shortAndLong,
        help:
            "Print nothing when the run succeeds (so cron mails only failures); a failed run prints its warnings and the summary line."
    )
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also log each photo and each stage.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together.") }
        if let photoConcurrency, !(1...64).contains(photoConcurrency) {
            throw ValidationError("--photo-concurrency must be from 1 to 64, not \(photoConcurrency).")
        }
    }

    func run() throws {
        let console = Console(mode: quiet ? .quiet : verbose ? .verbose : .normal)
        LoggingSystem.bootstrap { label in ConsoleLogHandler(label: label, console: console) }
        let logger = Logger(label: "meetup-report")

        let configURL = options.configURL
        var settings = try options.load(requiresToken: !offline) { console.finish(summary: $0) }
        let workingDirectory = ConfigOptions.workingDirectory
        if let output { settings.outputDirectory = ConfigLoader.resolve(output, against: workingDirectory) }
        if let photoConcurrency { settings.photoConcurrency = photoConcurrency }

        // `--now` is the report's clock only; network time (token lifetimes, JWT claims,
        // Retry-After dates, photo freshness) stays on the wall clock, ReportRun's default.
        let fixedNow = options.now?.date
        let templatesDirectory: URL
        do {
            templatesDirectory = try TemplateLocator(
                commandLine: templates.map { ConfigLoader.resolve($0, against: workingDirectory) },
                config: settings, configFile: configURL, workingDirectory: workingDirectory
            ).locate()
        } catch {
            console.finish(summary: "meetup-report: FAILED: \(error); nothing was published")
            throw ExitCode(1)
        }
        let runOptions = RunOptions(
            now: fixedNow ?? Date(), offline: offline, resetHistory: resetHistory, digestToStandardOutput: digestStdout,
            recordDirectory: record.map { ConfigLoader.resolve($0, against: workingDirectory) },
            statisticsFile: stats.map { ConfigLoader.resolve($0, against: workingDirectory) })
        let summary = ReportRun(
            config: settings, templatesDirectory: templatesDirectory, options: runOptions,
            observer: ConsoleObserver(console: console, logger: logger)
        ).run()
        if summary.published {
            logger.info("published \(settings.outputDirectory.path)")
        }
        if let digest = summary.digestText { FileHandle.standardOutput.write(Data(digest.utf8)) }
        console.finish(summary: summary.line, failed: !summary.succeeded)
        if !summary.succeeded { throw ExitCode(1) }
    }
}
