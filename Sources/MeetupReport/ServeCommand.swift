import ArgumentParser
import Foundation
import MeetupConfig
import MeetupPipeline

/// `meetup-report serve`: the published site on 127.0.0.1, with its search working.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the published site on this machine (http://127.0.0.1:PORT/), search included.",
        discussion: """
            Pagefind's search loads its index over http, so a site opened as a file has no search: \
            this serves the config's output folder (or --directory) on 127.0.0.1 only, until Ctrl-C. \
            For looking at a site before it is published; a web server serves it in production.

            Exit status: 0 stopped; 1 the folder or the port could not be used; 2 bad command line or config.
            """
    )

    @Option(
        help: ArgumentHelp("The config whose output folder to serve.", valueName: "file"),
        completion: .file(extensions: ["json"]))
    var config: String?

    @Option(
        help: ArgumentHelp("The folder to serve instead (a published site).", valueName: "dir"),
        completion: .directory)
    var directory: String?

    @Option(help: ArgumentHelp("The port on 127.0.0.1.", valueName: "port"))
    var port: UInt16 = 8080

    func validate() throws {
        guard (config == nil) != (directory == nil) else {
            throw ValidationError("give --config FILE (its output folder) or --directory DIR, one of them")
        }
    }

    func run() throws {
        let folder = try self.folder()
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path) else {
            FileHandle.standardError.write(
                Data("meetup-report: serve: \(folder.path) holds no index.html: run the config first\n".utf8))
            throw ExitCode(1)
        }
        let server = try SiteServer.make(folder: folder, port: port)
        // Written at once, not buffered: the server runs until the process ends.
        FileHandle.standardOutput.write(
            Data("Serving \(folder.path) at http://127.0.0.1:\(port)/ (Ctrl-C to stop)\n".utf8))
        let port = self.port
        Task {
            do {
                try await server.run()
            } catch {
                FileHandle.standardError.write(
                    Data("meetup-report: serve: cannot listen on 127.0.0.1:\(port) (\(error)): pass --port\n".utf8))
                Foundation.exit(1)
            }
        }
        dispatchMain()
    }

    private func folder() throws -> URL {
        let here = ConfigOptions.workingDirectory
        if let directory { return ConfigLoader.resolve(directory, against: here) }
        do {
            return try ConfigLoader(requiresToken: false).load(from: URL(fileURLWithPath: config ?? "")).outputDirectory
        } catch {
            FileHandle.standardError.write(Data("meetup-report: config error: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
