import Foundation
import MeetupAuth
import MeetupConfig
import MeetupModel
import MeetupPhotos
import MeetupRender
import MeetupSupport

/// `meetup-report check`: everything a nightly run needs, checked without publishing:
/// the templates (each renders on a tiny sample), the output and cache folders
/// (writable, staging on the same file system), the run lock, the programs the run
/// starts (publish command, sendmail), and with the live API the secret files'
/// modes, the credentials and one `self` query.
package struct SetupCheck: Sendable {
    package struct Result: Sendable, Equatable {
        package var name: String
        package var ok: Bool
        package var detail: String
    }

    package let config: ReportConfig
    package let templates: TemplateLocator
    package let environment: [String: String]
    package let clock: @Sendable () -> Date

    package init(
        config: ReportConfig, templates: TemplateLocator, environment: [String: String],
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.config = config
        self.templates = templates
        self.environment = environment
        self.clock = clock
    }

    package func run() -> [Result] {
        var results = [checkTemplates(), output(), cache(), state(), lock()] + programs()
        let needsAPI = config.queries.contains { query in
            switch query.kind {
            case .groupFeeds, .calendar: false
            case .search, .groups, .network: true
            }
        }
        if case .meetupAPI = config.source, needsAPI { results.append(credentials()) }
        results += groupFeeds() + chat()
        return results
    }

    /// What a groups query read through calendar feeds cannot show, said before a night shows it.
    private func groupFeeds() -> [Result] {
        config.queries.compactMap { query in
            guard case .groupFeeds(let feeds) = query.kind else { return nil }
            return Result(
                name: "groups \(query.id) via ical", ok: true,
                detail:
                    "\(EventFormatting.count(feeds.urlnames.count, "group", "groups")) from their public calendars, "
                    + "no API key; these cannot show photos (the placeholder stands in), how many are going, members, "
                    + "or past events (no backfill: the record starts tonight); one feed every "
                    + "\(NumberText.plain(feeds.delaySeconds)) s")
        }
    }

    /// Each chat room's secret, read as a run reads it (never shown).
    private func chat() -> [Result] {
        let secrets = ChatSecrets(config.digest.chat, environment: environment)
        return config.digest.chat.map { target in
            // Named as the run's warnings name it: a config may have several rooms of one service.
            let name = "digest to \(target.service.rawValue) (\(target.keyPath))"
            switch secrets.byKeyPath[target.keyPath] {
            case .success?: return Result(name: name, ok: true, detail: "its secret is readable")
            case .failure(let failure)?: return Result(name: name, ok: false, detail: failure.description)
            case nil: return Result(name: name, ok: false, detail: "no secret")
            }
        }
    }

    private func checkTemplates() -> Result {
        do {
            let templatesDirectory = try templates.locate()
            let language = try SiteLanguage.load(config.language, templates: templatesDirectory)
            let templates = try SiteTemplates(directory: templatesDirectory, language: language)
            let event = Event(
                id: "check", title: "Sample <event>", start: ZonedDate(date: clock(), utcOffsetSeconds: 3600),
                description: "**Sample** description", venue: Venue(name: "Venue", city: "City"))
            let query = config.queries[0]
            let input = SiteInput(
                settings: SiteSettings(config, language: language),
                fetched: FetchedEvents(outcomes: [(query, .succeeded(events: [event]))]),
                thumbnails: [:], generatedAt: clock())
            let files = SiteRenderer(templates: templates).render(input)
            let empty = files.filter { file in
                guard file.path.hasSuffix(".html"), case .bytes(let data) = file.contents else { return false }
                return data.isEmpty
            }.map(\.path)
            guard empty.isEmpty else {
                return Result(name: "templates", ok: false, detail: "rendered empty: \(empty.joined(separator: ", "))")
            }
            return Result(
                name: "templates", ok: true,
                detail: "\(templatesDirectory.path): \(SiteTemplates.templateNames.count) templates render")
        } catch {
            return Result(name: "templates", ok: false, detail: String(describing: error))
        }
    }

    private func output() -> Result {
        let publisher = SitePublisher(outputDirectory: config.outputDirectory)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: config.outputDirectory.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        {
            return Result(
                name: "output folder", ok: false,
                detail: "\(config.outputDirectory.path) is a file, not a folder; a run would refuse to replace it")
        }
        do {
            let staging = try publisher.makeStagingDirectory()
            defer { publisher.discard(staging) }
            try Data("check\n".utf8).write(to: staging.appendingPathComponent("check.txt"))
            if FileManager.default.fileExists(atPath: config.outputDirectory.path),
                Self.device(of: config.outputDirectory) != Self.device(of: staging)
            {
                return Result(
                    name: "output folder", ok: false,
                    detail:
                        "\(config.outputDirectory.path) is on another file system than its staging folder; the swap cannot be atomic"
                )
            }
            return Result(
                name: "output folder", ok: true,
                detail: "\(config.outputDirectory.path) (staged beside it, same file system)")
        } catch {
            return Result(name: "output folder", ok: false, detail: "\(config.outputDirectory.path): \(error)")
        }
    }

    /// The state folder (the history, the digests) must be writable: what it holds cannot be fetched again.
    private func state() -> Result {
        let folder = config.stateDirectory
        do {
            try FileOperations.createDirectory(folder)
            let probe = folder.appendingPathComponent(".check-\(getpid())")
            try FileOperations.writeAtomically(Data("check\n".utf8), to: probe)
            try FileManager.default.removeItem(at: probe)
            return Result(name: "state folder", ok: true, detail: "\(folder.path) (writable)")
        } catch {
            return Result(name: "state folder", ok: false, detail: "\(folder.path): \(error.localizedDescription)")
        }
    }

    private func cache() -> Result {
        let cache = PhotoCache(directory: config.cacheDirectory)
        do {
            try cache.prepare()
            let probe = cache.incomingDirectory.appendingPathComponent(".check-\(getpid())")
            try FileOperations.writeAtomically(Data("check\n".utf8), to: probe)
            try FileManager.default.removeItem(at: probe)
            guard Self.device(of: cache.incomingDirectory) == Self.device(of: cache.photosDirectory) else {
                return Result(
                    name: "cache folder", ok: false,
                    detail:
                        "\(cache.incomingDirectory.path) and \(cache.photosDirectory.path) are on different file systems"
                )
            }
            return Result(name: "cache folder", ok: true, detail: "\(config.cacheDirectory.path) (writable)")
        } catch {
            return Result(
                name: "cache folder", ok: false, detail: "\(config.cacheDirectory.path): \(error.localizedDescription)")
        }
    }

    private func lock() -> Result {
        // Only a look: `check` never waits for a run, and a run never fails for a `check`.
        do {
            let locks = try RunLock.acquire(for: config, holder: .check, maxWait: .zero)
            withExtendedLifetime(locks) {}
            return Result(name: "run lock", ok: true, detail: "free")
        } catch {
            if case .held(_, let owner, let holder, _) = error {
                return Result(
                    name: "run lock", ok: true,
                    detail: "held now by \((holder ?? .run).name.replacingOccurrences(of: "another ", with: "a "))"
                        + (owner.map { " (pid \($0))" } ?? "") + "; a run started now would "
                        + ((holder ?? .run).isShort ? "wait for it" : "refuse to start"))
            }
            return Result(name: "run lock", ok: false, detail: error.description)
        }
    }

    /// The programs a run starts must be there and executable, found as the run finds them.
    private func programs() -> [Result] {
        let children = ChildEnvironment(environment, secretVariables: [])
        var programs: [(name: String, argv: [String])] = []
        if let command = config.publishCommand { programs.append(("publish command", command.arguments)) }
        if let email = config.digest.email { programs.append(("digest email", email.sendmail)) }
        return programs.map { name, argv in
            switch ExternalCommand.resolve(argv.first ?? "", searchPath: children.searchPath) {
            case .success(let url): Result(name: name, ok: true, detail: url.path)
            case .failure(let failure): Result(name: name, ok: false, detail: failure.description)
            }
        }
    }

    private func credentials() -> Result {
        switch AuthCheck.run(config: config, environment: environment, clock: clock) {
        case .success(let report):
            return Result(
                name: "credentials", ok: true,
                detail: "authenticated as \(report.memberName) (member \(report.memberID)), flow \(report.flow)")
        case .failure(let error):
            return Result(name: "credentials", ok: false, detail: error.description)
        }
    }

    private static func device(of url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.systemNumber] as? Int
    }
}
