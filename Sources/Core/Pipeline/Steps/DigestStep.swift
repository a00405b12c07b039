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
            let writer = DigestWriter(digest, timeZone: config.timeZone, language: environment.site.language)
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
