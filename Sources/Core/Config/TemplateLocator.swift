import Foundation

/// Where a run finds its templates, first match wins: `--templates`, the config's
/// `templates`, `Templates` beside the config, the installed share folder next to the
/// executable (`<prefix>/bin/meetup-report` → `<prefix>/share/meetup-report/Templates`,
/// symlinks resolved), and last `Templates` in the working directory (a clone).
package struct TemplateLocator: Sendable {
    package var commandLine: URL?
    package var config: ReportConfig?
    package var configFile: URL?
    package var executable: URL?
    package var workingDirectory: URL

    package init(
        commandLine: URL? = nil, config: ReportConfig? = nil, configFile: URL? = nil,
        executable: URL? = TemplateLocator.currentExecutable, workingDirectory: URL
    ) {
        self.commandLine = commandLine
        self.config = config
        self.configFile = configFile
        self.executable = executable
        self.workingDirectory = workingDirectory
    }

    /// The running binary's real path (`/proc/self/exe` resolves every symlink).
    package static var currentExecutable: URL? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(URL.init(fileURLWithPath:))
            ?? Bundle.main.executableURL?.resolvingSymlinksInPath()
    }

    /// The installed share folder for an executable in `<prefix>/bin`.
    package static func installedTemplates(for executable: URL) -> URL {
        executable.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/meetup-report/Templates")
    }

    /// Where to look, each folder once; a folder given (`--templates`, the config's `templates`)
    /// is the only one: a folder someone named is never replaced by another quietly.
    package var candidates: [URL] {
        if let commandLine { return [commandLine] }
        if let templates = config?.templatesDirectory { return [templates] }
        var candidates: [URL] = []
        if let configFile {
            candidates.append(configFile.deletingLastPathComponent().appendingPathComponent("Templates"))
        }
        if let executable { candidates.append(Self.installedTemplates(for: executable)) }
        candidates.append(workingDirectory.appendingPathComponent("Templates"))
        var seen = Set<String>()
        return candidates.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The first candidate that holds templates; none is an error naming every place searched.
    package func locate() throws(NotFound) -> URL {
        let all = candidates
        guard
            let found = all.first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("layout.html.mustache").path)
            })
        else {
            throw NotFound(searched: all)
        }
        return found
    }

    package struct NotFound: Error, Sendable, CustomStringConvertible {
        package let searched: [URL]
        package var description: String {
            "no templates found (looked for layout.html.mustache in " + searched.map(\.path).joined(separator: ", ")
                + "); pass --templates with the folder that holds them"
        }
    }
}
