import MeetupConfig
import MeetupModel
import MeetupRender

extension SiteSettings {
    /// The renderer's part of the config.
    package init(_ config: ReportConfig, language: SiteLanguage = .english) {
        self.init(
            title: config.siteTitle, baseURL: config.baseURL, timeZone: config.timeZone,
            thumbnailWidth: config.thumbnailWidth, search: config.search, changeDays: config.history.changeDays,
            queries: config.queries, pinned: config.curation.pinned, notes: config.curation.notes,
            snapshotOrigin: { if case .snapshot(_, let origin) = config.source { origin } else { nil } }(),
            reports: config.reports, language: language)
    }
}

extension DigestEmail.Envelope {
    package init(_ email: DigestEmailSettings) {
        self.init(from: email.from, to: email.to, subject: email.subject)
    }
}
