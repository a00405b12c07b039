import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

extension ConfigSchema {
    static let limits: ConfigObject = {
        let defaults = NetworkLimits()
        func seconds(_ value: TimeInterval) -> JSONValue { .number(value) }
        return ConfigObject(
            "limits", "How hard a run tries and how much it accepts (the defaults suit a nightly job).",
            [
                ConfigField(
                    "requestTimeout", .number(0.1...600), default: seconds(defaults.requestTimeout),
                    "Seconds without a byte before a request fails."),
                ConfigField(
                    "resourceTimeout", .number(0.1...3600), default: seconds(defaults.resourceTimeout),
                    "Seconds one request may take in all."),
                ConfigField(
                    "runTimeout", .number(1...86_400), default: seconds(defaults.runTimeout),
                    "Seconds from the run's start for its network work (requests, reading calendars); "
                        + "what is unfinished then fails, and the night renders and publishes the rest."),
                ConfigField(
                    "retries", .integer(0...10), default: .number(Double(defaults.retries)),
                    "Retries of a request after the first attempt."),
                ConfigField(
                    "retryBaseDelay", .number(0...60), default: seconds(defaults.retryBaseDelay),
                    "The first backoff in seconds, doubled per attempt, with jitter."),
                ConfigField(
                    "retryMaxDelay", .number(0...3600), default: seconds(defaults.retryMaxDelay),
                    "The longest single wait (and cap on Retry-After)."),
                ConfigField(
                    "retryBudget", .number(0...86_400), default: seconds(defaults.retryBudget),
                    "Seconds all retries of a run may wait."),
                ConfigField(
                    "maxResponseBytes", .integer(1024...(1 << 30)), default: .number(Double(defaults.maxResponseBytes)),
                    "The largest API answer accepted."),
                ConfigField(
                    "maxPhotoBytes", .integer(1024...(1 << 30)), default: .number(Double(defaults.maxPhotoBytes)),
                    "The largest photo accepted."),
                ConfigField(
                    "maxPhotoPixels", .integer(1...1_000_000_000), default: .number(Double(defaults.maxPhotoPixels)),
                    "Photos with more pixels are refused before decoding."),
                ConfigField(
                    "photoFreshness", .number(0...31_536_000), default: seconds(defaults.photoFreshness),
                    "Seconds a photo is used without asking again, when its server does not say."),
                ConfigField(
                    "cacheRetentionDays", .integer(1...3650), default: .number(Double(defaults.cacheRetentionDays)),
                    "Cache entries no run used for this many days are deleted."),
                ConfigField(
                    "apiRequestsPerMinute", .integer(1...100_000),
                    default: .number(Double(defaults.apiRequestsPerMinute)),
                    "Requests to the API host in any minute."),
            ])
    }()

    static let history: ConfigObject = {
        let defaults = HistorySettings()
        return ConfigObject(
            "history", "What the site remembers between runs (in the state folder).",
            [
                ConfigField(
                    "enabled", .boolean, default: .bool(defaults.enabled), "Keep a history: new, moved, cancelled."),
                ConfigField(
                    "changeDays", .integer(0...365), default: .number(Double(defaults.changeDays)),
                    "Days a moved or cancelled event stays listed."),
                ConfigField(
                    "retentionDays", .integer(1...3650), default: .number(Double(defaults.retentionDays)),
                    "History older than this is deleted."),
                ConfigField(
                    "chartRuns", .integer(2...365), default: .number(Double(defaults.chartRuns)),
                    "Runs the index's trend charts show."),
            ])
    }()

    static let reports = ConfigObject(
        "reports", "The reports made from the record (`reports/` of the site).",
        [
            ConfigField(
                "healthWindowMonths", .integer(1...60), default: .number(Double(ReportSettings().healthWindowMonths)),
                "Chapter health: a group with an event in these last months is active."),
            ConfigField(
                "topics", .array(.object(reportTopic)),
                "Categories added to the shipped topic vocabulary; one named as a shipped category adds its terms."),
        ])

    static let reportTopic = ConfigObject(
        "reports.topics[]", "One category of what events are about, and the words in titles that name it.",
        [
            ConfigField("name", .string(), required: true, "The category, as the topics report names it."),
            ConfigField(
                "kind", .choice(TopicVocabulary.Kind.allCases.map(\.configName)), default: .string("tool"),
                "A format (workshop, talk), a level (beginners), a tool or subject, or a field it is used in."),
            ConfigField(
                "terms", .array(.string(), minItems: 1), required: true,
                "Words or phrases that name it, matched as whole words, case and accents aside."),
        ])

    static let publish = ConfigObject(
        "publish", "A command run after each publish, as an argv array (no shell).",
        [
            ConfigField(
                "command", .array(.string(), minItems: 1), required: true,
                "The program and its arguments, e.g. [\"rsync\", \"-a\", \"--delete\", …]."),
            ConfigField(
                "timeoutSeconds", .number(1...86_400), default: .number(PublishCommand.defaultTimeout),
                "Seconds before the command is stopped."),
        ])

    static let digest = ConfigObject(
        "digest", "The nightly digest (a page, an archive, stdout, email).",
        [
            ConfigField(
                "onlyWhenChanged", .boolean, default: .bool(DigestSettings().onlyWhenChanged),
                "`--digest-stdout` prints only a night with news."),
            ConfigField("email", .object(digestEmail), "Send the digest by email."),
            ConfigField("chat", .array(.object(digestChat)), "Post the digest to chat rooms (several allowed)."),
        ])

    static let digestChat = ConfigObject(
        "digest.chat[]", "One chat room: Slack or Discord by webhook, Matrix or Mastodon by access token.",
        [
            ConfigField(
                "service", .choice(ChatTarget.Service.allCases.map(\.rawValue)), required: true, "The chat service."),
            ConfigField(
                "secretVariable", .string(pattern: "^[A-Za-z_][A-Za-z0-9_]*$"),
                "The environment variable holding the webhook URL (Slack, Discord) or access token (Matrix, Mastodon)."),
            ConfigField(
                "secretFile", .string(format: "a path"),
                "Or a file holding it (relative: `$CREDENTIALS_DIRECTORY` first, then beside the config)."),
            ConfigField(
                "homeserver", .string(format: "an https URL (plain http only to 127.0.0.1 or localhost)"),
                "Matrix: the homeserver's address."),
            ConfigField("room", .string(pattern: "^!.+:.+$"), "Matrix: the room's id, `!abc:example.org`."),
            ConfigField(
                "instance", .string(format: "an https URL (plain http only to 127.0.0.1 or localhost)"),
                "Mastodon: the instance's address."),
            ConfigField(
                "visibility", .choice(["public", "unlisted", "private", "direct"]), default: .string("unlisted"),
                "Mastodon: who sees the status."),
            ConfigField(
                "onlyWhenChanged", .boolean, default: .bool(true),
                "Post only a night with news (else also a quiet night, once)."),
        ])

    static let digestEmail: ConfigObject = {
        let email = DigestEmailSettings(to: [], from: "")
        return ConfigObject(
            "digest.email", "The digest by email, through sendmail.",
            [
                ConfigField(
                    "to", .array(.string(format: "an email address"), minItems: 1), required: true, "Recipients."),
                ConfigField("from", .string(format: "an email address"), required: true, "Sender."),
                ConfigField(
                    "subject", .string(), default: .string(email.subject), "`{date}` and `{counts}` are filled in."),
                ConfigField(
                    "sendmail", .array(.string(), minItems: 1), default: .array(email.sendmail.map(JSONValue.string)),
                    "The sendmail program and its arguments."),
                ConfigField(
                    "onlyWhenChanged", .boolean, default: .bool(email.onlyWhenChanged), "Send only a night with news."),
            ])
    }()

    static let metrics = ConfigObject(
        "metrics", "Run figures for Prometheus (node_exporter's textfile collector).",
        [ConfigField("file", .string(format: "a path ending in .prom"), required: true, "The file to write.")])
}
