import ArgumentParser
import Foundation
import MeetupPipeline
import MeetupConfig

/// `meetup-report init DIR`: a starter config that runs at once.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter config (and optionally the templates) into a folder.",
        discussion: """
            Writes queries.json, which replays a small sample snapshot (no network, no token), and \
            queries.live.json, the same with the live API and every option that matters; an existing \
            queries.json is never overwritten. Run `meetup-report --config DIR/queries.json` right away.
            """
    )

    @Argument(
        help: ArgumentHelp("The folder to write into (created if missing).", valueName: "dir"), completion: .directory)
    var directory: String

    @Flag(help: "Also copy the default templates into DIR/Templates, for customising.")
    var withTemplates = false

    @Option(
        name: .long,
        help: ArgumentHelp("Copy the templates from here (default: the installed ones).", valueName: "dir"),
        completion: .directory)
    var templates: String?

    func run() throws {
        let workingDirectory = ConfigOptions.workingDirectory
        let folder = ConfigLoader.resolve(directory, against: workingDirectory)
        var source: URL?
        if withTemplates {
            let locator = TemplateLocator(
                commandLine: templates.map { ConfigLoader.resolve($0, against: workingDirectory) },
                workingDirectory: workingDirectory)
            do {
                source = try locator.locate()
            } catch {
                FileHandle.standardError.write(Data("meetup-report: init FAILED: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let written = try StarterSite(directory: folder, now: Date()).write(copyingTemplatesFrom: source)
            print(written.map { "wrote \(folder.appendingPathComponent($0).path)" }.joined(separator: "\n"))
            print("next: meetup-report --config \(folder.appendingPathComponent(StarterSite.configName).path)")
        } catch {
            FileHandle.standardError.write(Data("meetup-report: init FAILED: \(error.localizedDescription)\n".utf8))
            throw ExitCode(1)
        }
    }
}
