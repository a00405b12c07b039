import ArgumentParser
import Foundation
import MeetupConfig
import MeetupSupport

/// `--now`: a moment in ISO 8601, parsed once where the command line is read.
struct Moment: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        guard let parsed = ISO8601.parseDateTime(argument) else { return nil }
        date = parsed.date
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// The options every command that reads a config shares.
struct ConfigOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The JSON config file.", valueName: "file"),
        completion: .file(extensions: ["json"]))
    var config: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep the cache (photos, tokens, last good events: what a run can rebuild) here instead of the config's \"cache\".",
            valueName: "dir"), completion: .directory)
    var cache: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep the state (the history, the digests: what cannot be fetched again) here instead of the config's \"state\".",
            valueName: "dir"), completion: .directory)
    var state: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Report as if it were this moment (ISO 8601, e.g. 2026-12-01T08:00:00Z): which events are upcoming and what the pages say. Network time (tokens, retries, photo freshness) stays on the real clock.",
            valueName: "time"))
    var now: Moment?

    var configURL: URL { URL(fileURLWithPath: config) }

    static var workingDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    /// Loads the config and applies `--cache` and `--state`; a config error is printed and exits 2.
    func load(requiresToken: Bool = true, report: (String) -> Void) throws -> ReportConfig {
        var settings: ReportConfig
        do {
            settings = try ConfigLoader(requiresToken: requiresToken).load(from: configURL)
        } catch {
            report("meetup-report: config error: \(error)")
            throw ExitCode(2)
        }
        if let cache { settings.cacheDirectory = ConfigLoader.resolve(cache, against: Self.workingDirectory) }
        if let state { settings.stateDirectory = ConfigLoader.resolve(state, against: Self.workingDirectory) }
        return settings
    }
}
