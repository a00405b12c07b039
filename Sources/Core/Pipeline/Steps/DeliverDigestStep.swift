import Foundation
import MeetupConfig
import MeetupRender
import MeetupSupport

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
            context.summary.digestText = DigestWriter(
                digest, timeZone: environment.config.timeZone, language: environment.site.language
            ).plainText()
        }
        if let email = environment.config.digest.email, !(quiet && email.onlyWhenChanged) {
            send(digest, email: email, context: &context, environment: environment)
        }
        if let chat = environment.chat {
            let config = environment.config
            let failures = chat.post(
                ChatDigest(
                    digest, timeZone: config.timeZone, language: environment.site.language, baseURL: config.baseURL),
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
            language: environment.site.language,
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
