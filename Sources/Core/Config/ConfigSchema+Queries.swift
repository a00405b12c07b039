import Foundation
import MeetupModel
import MeetupSupport

extension ConfigSchema {
    static let query = ConfigObject(
        "queries[]",
        "One query: exactly one of `keyword` (a search near `lat`/`lon`), `groups` or `network`.",
        [
            ConfigField(
                "id", .string(format: "a slug", pattern: slug), required: true,
                "Lowercase letters, digits and dashes: the query's page and file names."),
            ConfigField(
                "title", .string(),
                "The query's heading (default: the keyword, \"N groups\", or the network's urlname)."),
            ConfigField("keyword", .string(), "A search: the words to look for."),
            ConfigField("lat", .number(-90...90), "A search: the latitude of its centre."),
            ConfigField("lon", .number(-180...180), "A search: the longitude of its centre."),
            ConfigField(
                "radiusMiles", .number(0...500, exclusiveMinimum: true), default: .number(25),
                "A search: how far from the centre, in miles (or `radiusKm`)."),
            ConfigField(
                "radiusKm", .number(0...804, exclusiveMinimum: true),
                "A search: how far from the centre in kilometres, instead of `radiusMiles`; pages in a language "
                    + "that measures in kilometres say it as given."),
            ConfigField(
                "placeName", .string(),
                "A search: how the pages name its centre (\"within 25 mi of Berlin\", \"a menos de 40 km de Madrid\"); "
                    + "without it, its coordinates."),
            ConfigField(
                "groups",
                .array(
                    .string(format: "a group urlname", pattern: ConfigLoader.urlnamePattern),
                    minItems: 1, maxItems: 2_000),
                "Groups to follow, by urlname (meetup.com/<urlname>/), each asked for once, case-insensitively."),
            ConfigField(
                "via", .choice(["api", "ical"]), default: .string("api"),
                "groups: read through the Meetup API, or through each group's public iCalendar feed (no API key; "
                    + "no photos, no count of who is going, no past events)."),
            ConfigField(
                "delaySeconds", .number(0...60), default: .number(GroupFeeds.defaultDelaySeconds),
                "groups via ical: the pause between two groups' feeds."),
            ConfigField(
                "feedBaseURL", .string(format: "an http(s) URL"), default: .string(GroupFeeds.meetup.absoluteString),
                "groups via ical: where the feeds are (`<base>/<urlname>/events/ical/`); for a mirror or a test."),
            ConfigField(
                "network", .string(format: "a Pro network's urlname", pattern: ConfigLoader.urlnamePattern),
                "A Meetup Pro network to follow, by urlname (\"rladies\")."),
            ConfigField(
                "daysAhead", .integer(1...365), default: .number(30), "The window: from now to this many days ahead."),
            ConfigField("maxEvents", .integer(1...10_000), "Stop at this many events (the soonest)."),
            ConfigField(
                "inactiveAfterDays", .integer(1...3650), default: .number(Double(EventQuery.defaultInactiveAfterDays)),
                "groups, network: a group with no event for this long needs attention in the groups report."),
            ConfigField("curation", .object(queryCuration), "This query's own curation rules."),
        ])

    static let calendar = ConfigObject(
        "calendars[]", "An iCalendar feed, by URL or file; its id shares the queries' names.",
        [
            ConfigField("id", .string(format: "a slug", pattern: slug), required: true, "As a query's id."),
            ConfigField("title", .string(), "The calendar's heading (default: its id)."),
            ConfigField("url", .string(format: "an http(s) or webcal URL"), "The feed's address (or `file`)."),
            ConfigField("file", .string(format: "a path"), "A local .ics file (or `url`)."),
            ConfigField("daysAhead", .integer(1...365), default: .number(30), "How far ahead to list events."),
        ])

    static let ruleFields = [
        ConfigField(
            "excludeGroups", .array(.string(format: "a group urlname")), "Leave out these groups' events."),
        ConfigField(
            "excludeEvents", .array(.string(format: "an event id", pattern: eventID)),
            "Leave out these events (`meetup-report explain` shows an event's id)."),
        ConfigField("excludeWords", .array(.string()), "Leave out events whose title or description has these words."),
        ConfigField("only", .choice(["online", "in-person"]), "Only online, or only in-person events."),
        ConfigField(
            "maxDistanceMiles", .number(0...12_500, exclusiveMinimum: true),
            "Leave out events further than this from the search's centre."),
        ConfigField("minRSVPs", .integer(1...1_000_000), "Leave out events with fewer RSVPs."),
    ]

    static let queryCuration = ConfigObject("queries[].curation", "A query's own rules.", ruleFields)

    static let siteCuration = ConfigObject(
        "curation", "Rules for every query, pins and notes.",
        ruleFields + [
            ConfigField(
                "pinned", .array(.string(format: "an event id", pattern: eventID)),
                "Events shown first on the index, in this order."),
            ConfigField(
                "notes", .dictionary(.string(format: "one line of Markdown")),
                "A short note under an event, by event id (at most 280 characters)."),
        ])
}
