import ArgumentParser
import MeetupConfig

/// `meetup-report config-schema`: the config's JSON Schema, or its reference in Markdown.
struct ConfigSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config-schema",
        abstract: "Print the config's JSON Schema (for editors), or its reference in Markdown.",
        discussion: """
            The schema is made from the declarations the config loader reads, so it cannot \
            drift from what a run accepts. Point an editor at it with a "$schema" key in the \
            config (meetup-report init writes one). Rules that span keys (exactly one kind per \
            query, a source type's own keys) are the loader's: `meetup-report check` says them.
            """
    )

    @Flag(help: "Print the configuration reference in Markdown instead.")
    var markdown = false

    func run() throws {
        print(markdown ? ConfigSchema.markdownReference() : ConfigSchema.jsonSchema().serialized(), terminator: "")
    }
}
