import Foundation
import MeetupConfig
import MeetupRender
import MeetupSupport

/// Digest: the day's news from the fetch and the history, over the window since the
/// previous day's digest (so a second run on the same day adds to the day's digest),
/// and the archive of earlier days (kept in the cache, within the history's retention)
/// for the site to carry. Offline, no new digest is made: the archive's newest stands in.
struct DigestStep: RunStep {
    var name: String { "digest" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        let config = environment.config
        var entries = DigestArchive(directory: StateFolder.digests(config.stateDirectory)).entries()
        if !environment.offline {
            let now = environment.now
            let window = DigestArchive.window(
                for: Digest.day(of: now, in: config.timeZone), now: now,
                isFirstRun: context.report?.isFirstRun ?? true, entries: entries)
            let digest = Digest.make(
                settings: environment.site, fetched: context.shown, report: context.shownReport, now: now,
                window: window,
                groups: context.groups)
            let writer = DigestWriter(digest, timeZone: config.timeZone)
            let templates = environment.templates
            let entry = DigestArchive.Entry(
                day: digest.day, date: now, title: writer.title, markdown: writer.markdown(templates: templates),
                pageMarkdown: writer.markdown(
                    templates: templates,
                    thumbnails: context.photos.thumbnails.mapValues(SitePaths.thumbnail)),
                isQuiet: digest.isQuietNight, window: window)
            context.digest = digest
            context.digestEntry = entry
            context.digestIsNews =
                !digest.isQuietNight && entries.first { $0.day == entry.day }?.markdown != entry.markdown
            entries = [entry] + entries.filter { $0.day != entry.day }
        }
        let cutoff = environment.now.addingTimeInterval(-Double(config.history.retentionDays) * 86_400)
        context.digestArchive = entries.filter { $0.date >= cutoff }
    }
}

/// After a publish, tonight's digest joins the archive (a run that did not publish
/// leaves no digest behind), then it goes to stdout and by mail when asked.
struct DeliverDigestStep: RunStep {
    var name: String { "deliverDigest" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard context.summary.published, let entry = context.digestEntry, let digest = context.digest else { return }
        let archive = DigestArchive(directory: StateFolder.digests(environment.config.stateDirectory))
        do {
            try archive.save(entry)
        } catch {
            environment.observer.warning(
                "digest: cannot keep tonight's digest for the archive (\(error.localizedDescription))")
        }
        archive.prune(
            olderThan: environment.now.addingTimeInterval(-Double(environment.config.history.retentionDays) * 86_400))
        let quiet = !context.digestIsNews
        if environment.digestToStandardOutput && !(quiet && environment.config.digest.onlyWhenChanged) {
            context.summary.digestText = DigestWriter(digest, timeZone: environment.config.timeZone).plainText()
        }
        if let email = environment.config.digest.email, !(quiet && email.onlyWhenChanged) {
            send(digest, email: email, context: &context, environment: environment)
        }
        if let chat = environment.chat {
            let config = environment.config
            let failures = chat.post(
                ChatDigest(digest, timeZone: config.timeZone, baseURL: config.baseURL),
                isQuietNight: digest.isQuietNight)
            context.summary.digestChatFailures = failures.map { environment.redactor.redact($0, limit: 300) }
            context.summary.digestChatFailures.forEach(environment.observer.warning)
        }
    }

    /// One message through sendmail; a failure is a warning and exit 1, the site stays published.
    private func send(
        _ digest: Digest, email: DigestEmailSettings, context: inout RunContext, environment: RunEnvironment
    ) {
        let config = environment.config
        let message = DigestEmail(
            digest: digest, envelope: DigestEmail.Envelope(email), baseURL: config.baseURL, timeZone: config.timeZone,
            thumbnails: context.photos.thumbnails.mapValues(SitePaths.thumbnail), templates: environment.templates
        )
        .message(messageID: "\(digest.day).\(UUID().uuidString)", date: environment.now)
        let command = ExternalCommand(
            arguments: email.sendmail, environment: environment.children,
            standardInput: Data(message.utf8), timeout: 120)
        let program = URL(fileURLWithPath: email.sendmail[0]).lastPathComponent
        switch command.run() {
        case .failure(let failure):
            context.summary.digestMailFailure = "digest email: \(failure)"
        case .success(let outcome) where !outcome.succeeded:
            context.summary.digestMailFailure =
                "digest email: \(program) "
                + (outcome.timedOut ? "did not finish in 120 s" : "exited with \(outcome.status)")
                + (outcome.lastErrorLine.map { ": \(environment.redactor.redact($0, limit: 200))" } ?? "")
        case .success:
            break
        }
        if let failure = context.summary.digestMailFailure { environment.observer.warning(failure) }
    }
}
