import ArgumentParser
import Foundation
import MeetupPipeline
import MeetupConfig

/// `meetup-report explain <event>`: why an event is on the site, or which rule removed it.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say which queries found an event and which curation rule removed it, or why it is shown.",
        discussion: """
            Reads each query's last good fetch from the cache (no network, no token) and applies \
            the config's curation rules as a run would.

            Exit status: 0 the event was found; 1 no query's last fetch has it; 2 bad command line or config.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Argument(help: ArgumentHelp("An event id (301234567) or its Meetup URL.", valueName: "event"))
    var event: String

    func run() throws {
        let settings = try options.load(requiresToken: false) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        let explanation = EventExplanation(config: settings, now: options.now?.date ?? Date()).explain(event)
        explanation.lines.forEach { print($0) }
        if !explanation.found { throw ExitCode(1) }
    }
}
