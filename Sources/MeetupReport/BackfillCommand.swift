import ArgumentParser
import Foundation
import MeetupConfig
import MeetupModel
import MeetupPhotos
import MeetupPipeline
import MeetupSupport

/// `meetup-report backfill`: the record's past events, read at once instead of a night at a time.
struct BackfillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backfill",
        abstract: "Read the past events of the queries that follow groups or a network into the record.",
        discussion: """
            Asks Meetup for every past event since --since (a network's in pages of 200, groups twenty \
            to a request) and keeps them in the state folder's history. A backfill cut short (the rate \
            limit, a failure, Ctrl-C) continues where it stopped next time, without asking twice for \
            what it has. Nightly runs backfill a little each night on their own; this reads the rest now. \
            Nothing is published.

            Exit status: 0 done; 1 stopped early (the reason is printed; run it again); 2 bad command line or config.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The earliest day to read from (default: 2002-01-01).", valueName: "yyyy-mm-dd"))
    var since: String?

    func run() throws {
        let settings = try options.load { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        var start = BackfillStep.defaultSince
        if let since {
            guard let parsed = ISO8601.parseDateTime(since + "T00:00:00Z") ?? ISO8601.parseDateTime(since) else {
                throw ValidationError("--since: expected a day such as 2012-01-01, found \"\(since)\"")
            }
            start = parsed.date
        }
        let report = try options.makeRun(settings).backfill(since: start)
        print(report.line)
        if !report.finished { throw ExitCode(1) }
    }
}

/// `meetup-report backup FILE`: a consistent copy of the history (the record), safe while a run writes.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the history database (the record: what cannot be fetched again) to a file.",
        discussion: """
            Uses SQLite's online backup, so it is safe while a nightly run writes. Restore by \
            stopping the timer and putting the file back as history.sqlite in the state folder.

            Exit status: 0 copied; 1 not (the reason is printed); 2 bad command line or config.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Argument(help: ArgumentHelp("Where to write the copy.", valueName: "file"))
    var file: String

    func run() throws {
        let settings = try options.load(requiresToken: false) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        let target = URL(fileURLWithPath: file).standardizedFileURL
        switch HistoryBackup.copy(config: settings, to: target) {
        case .success(let bytes): print("backup: \(target.path) (\(bytes) bytes)")
        case .failure(let message):
            FileHandle.standardError.write(Data("meetup-report: backup FAILED: \(message)\n".utf8))
            throw ExitCode(1)
        }
    }
}

extension ConfigOptions {
    /// A run of this config, for the commands that use a run's sources and folders without
    /// publishing (`backfill`): no templates (nothing is rendered), `--now` or the clock, warnings on stderr.
    func makeRun(_ settings: ReportConfig) throws -> ReportRun {
        ReportRun(
            config: settings, templatesDirectory: nil, options: RunOptions(now: now?.date ?? Date()),
            observer: WarningsToStandardError())
    }
}

/// Says warnings on standard error, and nothing else.
struct WarningsToStandardError: RunObserver {
    func stageStarted(_ stage: RunStage, total: Int) {}
    func queryFinished(_ query: EventQuery, outcome: QueryOutcome) {}
    func photoProgress(_ progress: PhotoProgress) {}
    func warning(_ message: String) { FileHandle.standardError.write(Data("warning: \(message)\n".utf8)) }
}
