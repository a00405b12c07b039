import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// The config's declarations, top down. Defaults come from the values the code starts from
/// (`NetworkLimits()`, `HistorySettings()`, …), so the reference says what a run does.
package enum ConfigSchema {
    static let slug = "^[a-z0-9][a-z0-9-]{0,62}$"
    static let eventID = "^[A-Za-z0-9_:.-]{1,200}$"
    /// A BCP 47 tag of a language, with its script and region if any: "de", "pt-BR", "zh-Hant-TW".
    package static let languageTag = "^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$"

    package static let root = ConfigObject(
        "", "The config file: one JSON object.",
        [
            ConfigField(
                "$schema", .string(format: "a path or URL"),
                "The JSON Schema this file follows (`meetup-report config-schema`), for editors to complete "
                    + "and check it; ignored by the run."),
            ConfigField("title", .string(), required: true, "The site's title, on every page and feed."),
            ConfigField(
                "baseURL", .string(format: "an absolute http(s) URL"), required: true,
                "Where the site is served from: feeds, calendars and the sitemap need absolute links."),
            ConfigField(
                "timeZone", .string(format: "an IANA time zone name such as \"Europe/Berlin\""),
                default: .string("UTC"), "The site's time zone: its days, and the times of online events."),
            ConfigField(
                "language", .string(format: "a BCP 47 language tag such as \"es\" or \"pt-BR\"", pattern: languageTag),
                default: .string("en"),
                "The site's language: every word a reader sees (pages, feeds, calendars, the digest), and how dates, "
                    + "numbers and distances are written. Its words are `<templates>/locales/<tag>.po` "
                    + "(shipped: de, en, es, fr, pt-BR); event text stays as its organisers wrote it."),
            ConfigField(
                "languages",
                .array(.string(format: "a BCP 47 language tag", pattern: languageTag), minItems: 1, maxItems: 12),
                "Instead of `language`: a site in several languages at once, each in a folder of its own "
                    + "(`en/`, `es/`), with `hreflang` links between the same page in each, from one fetch and one "
                    + "record; the site's root lists the languages. The first is the digest's."),
            ConfigField(
                "source", .object(source),
                "Where the events come from (needed unless every query reads groups' calendar feeds)."),
            ConfigField(
                "queries", .array(.object(query), minItems: 1), required: true,
                "What the site lists: keyword searches, lists of groups, Meetup Pro networks."),
            ConfigField("calendars", .array(.object(calendar)), "Other calendars (iCalendar feeds) to list."),
            ConfigField(
                "output", .string(format: "a path"), default: .string("Output"),
                "The published site's folder (relative paths are relative to this file)."),
            ConfigField(
                "cache", .string(format: "a path"), default: .string(".meetup-report-cache"),
                "What a run can rebuild: photos, thumbnails, tokens, the last good events, the render memo; "
                    + "deleting it costs downloads, nothing else."),
            ConfigField(
                "state", .string(format: "a path"),
                "What cannot be fetched again: the history and the digests; it survives deleting the cache. "
                    + "Default: `meetup-report-state` beside the output folder. A history an earlier version "
                    + "kept in the cache is moved here on the first run."),
            ConfigField(
                "thumbnailWidth", .integer(16...2048), default: .number(320),
                "Thumbnails' width in pixels (JPEG, aspect kept, never upscaled); a wider photo also gets a "
                    + "twin for high-density screens, 1.5 to 2 times as wide."),
            ConfigField(
                "photoConcurrency", .integer(1...64), default: .number(8), "Photos downloaded at once."),
            ConfigField("limits", .object(limits), "How hard a run tries, and how much it accepts."),
            ConfigField("history", .object(history), "What the site remembers between runs."),
            ConfigField(
                "templates", .string(format: "a path"),
                "A folder of your own templates (default: the installed ones)."),
            ConfigField(
                "publish", .object(publish),
                "A command run after each successful publish, with the output folder appended (a deploy)."),
            ConfigField("digest", .object(digest), "The nightly digest of what is new, moved and cancelled."),
            ConfigField(
                "search", .boolean, default: .bool(true), "Build a Pagefind search index at publish time."),
            ConfigField("curation", .object(siteCuration), "The editor's rules, pins and notes."),
            ConfigField("reports", .object(reports), "The record's reports: the health window, your topics."),
            ConfigField(
                "metrics", .object(metrics),
                "Each run's figures for node_exporter's textfile collector, written at the end of every run, "
                    + "a failed one too."),
        ])

    static let source = ConfigObject(
        "source", "Where the events come from: the Meetup API, or a recorded snapshot.",
        [
            ConfigField(
                "type", .choice(["meetup-api", "snapshot"]), required: true,
                "`meetup-api` fetches from Meetup; `snapshot` replays a folder `--record` wrote."),
            ConfigField(
                "endpoint", .string(format: "an https URL (plain http only to 127.0.0.1 or localhost)"),
                default: .string(ConfigLoader.defaultEndpoint),
                "meetup-api: the GraphQL endpoint."),
            ConfigField(
                "tokenVariable", .string(format: "an environment variable name"),
                default: .string(ConfigLoader.defaultTokenVariable),
                "meetup-api without `auth`: the environment variable holding an access token (never the file)."),
            ConfigField("auth", .object(auth), "meetup-api: an OAuth flow that renews its own token."),
            ConfigField(
                "directory", .string(format: "a path"), "snapshot: the folder to replay (required for a snapshot)."),
            ConfigField(
                "origin", .string(format: "a few words"),
                "snapshot: where its events came from, as the footer says it, when not the Meetup API "
                    + "(`init`'s sample site: \"sample events written by meetup-report init\")."),
        ])

    static let auth = ConfigObject(
        "source.auth", "How the run gets its access token.",
        [
            ConfigField(
                "type", .choice(["jwt", "refresh-token", "token"]), required: true,
                "`jwt`: a signed assertion (server to server); `refresh-token`: a token from a one-time "
                    + "authorisation; `token`: a token from an environment variable."),
            ConfigField("variable", .string(format: "an environment variable name"), "token: the variable."),
            ConfigField("clientKey", .string(), "jwt: the OAuth client's key."),
            ConfigField("memberId", .string(), "jwt: the id of the member the client acts for."),
            ConfigField("signingKeyId", .string(), "jwt: the id Meetup gave the signing key."),
            ConfigField("privateKeyFile", .string(format: "a path"), "jwt: the PEM private key (mode 600)."),
            ConfigField("clientId", .string(), "refresh-token: the OAuth client's id."),
            ConfigField(
                "clientSecretVariable", .string(format: "an environment variable name"),
                "refresh-token: the variable holding the client secret."),
            ConfigField(
                "refreshTokenFile", .string(format: "a path"), "refresh-token: the file holding the refresh token."),
            ConfigField(
                "tokenEndpoint", .string(format: "an https URL (plain http only to 127.0.0.1 or localhost)"),
                default: .string(AuthConfig.defaultTokenEndpoint.absoluteString),
                "jwt, refresh-token: where tokens come from."),
        ])
}
