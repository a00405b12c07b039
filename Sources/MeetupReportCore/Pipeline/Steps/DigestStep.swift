import Foundation

/// Digest: tonight's news from the fetch and the history, and the archive of earlier
/// nights (kept in the cache, within the history's retention) for the site to carry.
/// Offline, no new digest is made: the archive's newest stands in.
struct DigestStep: RunStep {
    var name: String { "digest" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        let config = environment.config
        var entries = DigestArchive(cacheDirectory: config.cacheDirectory).entries()
        if !environment.offline {
            let digest = Digest.make(config: config, fetched: context.fetched, report: context.report, now: environment.now)
            let writer = DigestWriter(digest, timeZone: config.timeZone)
            let entry = DigestArchive.Entry(day: digest.day, date: environment.now, title: writer.title,
                                            markdown: writer.markdown(), isQuiet: digest.isQuiet && !digest.isFirstRun)
            context.digest = digest
            context.digestEntry = entry
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
        let archive = DigestArchive(cacheDirectory: environment.config.cacheDirectory)
        do {
            try archive.save(entry)
        } catch {
            environment.observer.warning("digest: cannot keep tonight's digest for the archive (\(error.localizedDescription))")
        }
        archive.prune(olderThan: environment.now.addingTimeInterval(-Double(environment.config.history.retentionDays) * 86_400))
        let quietAndSkipped = digest.isQuiet && !digest.isFirstRun && environment.config.digest.onlyWhenChanged
        if environment.digestToStandardOutput && !quietAndSkipped {
            context.summary.digestText = DigestWriter(digest, timeZone: environment.config.timeZone).plainText()
        }
    }
}
