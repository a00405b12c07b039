import Foundation
import MeetupModel
import MeetupSupport

/// `groups.html`, `groups.md` and `groups.json`: the groups report, for a site with a
/// query that follows groups or a network. Per query its groups, those needing attention
/// first, with the counts at the top; the JSON holds the same for other tools.
struct GroupsPage: SiteGenerator {
    func files(_ shared: RenderShared) -> [SiteFile] {
        guard let report = shared.input.groups, !report.sections.isEmpty else { return [] }
        let settings = shared.input.settings
        let formatting = EventFormatting(siteTimeZone: settings.timeZone, language: settings.language)
        let context = Self.context(report, formatting: formatting, generatedAt: shared.input.generatedAt)
        let markdown = shared.templates.render("groups.md", context)
        let html = PageFiles.layout(
            markdown: markdown, title: settings.language.localized("Groups") + " · \(settings.title)",
            path: SitePaths.groups, description: Self.summary(report, language: settings.language), root: "",
            feed: SitePaths.siteFeed, feedTitle: settings.title, pageKind: "groups", shared: shared,
            formatting: formatting)
        return [
            .text(SitePaths.groups + ".md", markdown), .text(SitePaths.groups + ".html", html),
            SiteFile(path: SitePaths.groupsJSON, contents: .bytes(Data(Self.json(report).serialized().utf8))),
        ]
    }

    /// "212 groups, 31 with no event for 6 months".
    static func summary(_ report: GroupsReport, language: SiteLanguage) -> String {
        let thresholds = Set(report.sections.map(\.query.inactiveAfterDays))
        let period =
            thresholds.count == 1 ? period(days: thresholds.first ?? 0, language) : language.localized("for a while")
        return language.plural(report.groupCount, "{count} group", "{count} groups") + ", "
            + quiet(report.attentionCount, period: period, language)
    }

    /// "31 with no event for 6 months".
    static func quiet(_ count: Int, period: String, _ language: SiteLanguage) -> String {
        language.plural(count, "{count} with no event {period}", "{count} with no event {period}", ["period": period])
    }

    /// "for 6 months" for 180 days, "for a year" for 365, "for 90 days" otherwise.
    static func period(days: Int, _ language: SiteLanguage) -> String {
        if days == 365 { return language.localized("for a year") }
        if days % 30 == 0, (1...12).contains(days / 30) {
            return language.plural(days / 30, "for a month", "for {count} months")
        }
        return language.plural(days, "for {count} day", "for {count} days")
    }

    static func context(_ report: GroupsReport, formatting: EventFormatting, generatedAt: Date) -> [String: Any] {
        let language = formatting.language
        let sections: [[String: Any]] = report.sections.map { section in
            let row = { (group: GroupActivity) in Self.row(group, now: report.now, formatting: formatting) }
            var context: [String: Any] = [
                "title": section.query.title,
                "link": "<\(SitePaths.queryPage(section.query)).html>",
                "scope": QueryScope.text(of: section.query, language: language),
                "counts": language.plural(section.groupCount, "{count} group", "{count} groups") + ", "
                    + quiet(
                        section.attention.count, period: period(days: section.query.inactiveAfterDays, language),
                        language),
                "attention": section.attention.isEmpty ? false : ["items": section.attention.map(row)],
                "active": section.active.isEmpty ? false : ["items": section.active.map(row)],
                "isEmpty": section.groupCount == 0,
            ]
            if let seenAt = section.seenAt, seenAt < report.now {
                context["stale"] = [
                    "since": formatting.generatedAt(seenAt), "failed": !section.isOffline,
                    "offline": section.isOffline,
                ]
            } else if section.seenAt == nil {
                context["unknown"] = true
            }
            return context
        }
        return [
            "summary": summary(report, language: language), "generatedAt": formatting.generatedAt(generatedAt),
            "json": "<\(SitePaths.groupsJSON)>", "sections": sections,
        ]
    }

    /// One group: its name (linked), city, members, and its activity in words.
    static func row(_ group: GroupActivity, now: Date, formatting: EventFormatting) -> [String: Any] {
        var details = [group.city, group.members.map { Self.members($0, formatting.language) }].compactMap { $0 }
        if group.name != group.urlname { details.insert(group.urlname, at: 0) }
        return [
            "name": group.name,
            "link": group.link.flatMap(MarkdownEscaping.linkDestination).map { ["url": $0] } ?? false,
            "details": details.isEmpty ? false : details.joined(separator: " · "),
            "activity": activity(group, now: now, formatting: formatting),
            "page": group.isFound ? "<\(SitePaths.groupPage(group.urlname)).html>" : false,
        ]
    }

    /// "Last event 14 Mar 2026, 253 days ago · next 5 Dec 2026 · 2 upcoming".
    static func activity(_ group: GroupActivity, now: Date, formatting: EventFormatting) -> String {
        let language = formatting.language
        guard group.isFound else {
            return language.localized("Not found on Meetup: renamed or closed? Check its urlname in the config.")
        }
        var parts: [String] = []
        if let last = group.lastEventAt, let days = group.daysSinceLastEvent(at: now) {
            let date = formatting.date(last)
            parts.append(
                days == 0
                    ? language.localized("Last event {date}, today", ["date": date])
                    : language.plural(
                        days, "Last event {date}, {count} day ago", "Last event {date}, {count} days ago",
                        ["date": date]))
        } else {
            parts.append(language.localized("No past event"))
        }
        if let next = group.nextEventAt, next >= now {
            parts.append(language.localized("next {date}", ["date": formatting.date(next)]))
        } else {
            parts.append(language.localized("nothing scheduled"))
        }
        if let upcoming = group.upcomingEvents, upcoming > 1 {
            parts.append(language.plural(upcoming, "{count} upcoming", "{count} upcoming"))
        }
        if let past = group.pastEvents, past > 0 {
            parts.append(language.plural(past, "{count} past event", "{count} past events"))
        }
        return parts.joined(separator: " · ")
    }

    /// "6,120 members".
    static func members(_ count: Int, _ language: SiteLanguage) -> String {
        language.plural(count, "{count} member", "{count} members")
    }

    /// `groups.json`: every query's groups with their figures (dates in UTC, ISO 8601).
    static func json(_ report: GroupsReport) -> JSONValue {
        let optional = { (value: Int?) in value.map { JSONValue.number(Double($0)) } ?? .null }
        let date = { (value: Date?) in value.map { JSONValue.string(ISO8601.formatUTC($0)) } ?? .null }
        let queries: [JSONValue] = report.sections.map { section in
            let groups = section.attention.map { ($0, true) } + section.active.map { ($0, false) }
            return .object([
                "id": .string(section.query.id),
                "title": .string(section.query.title),
                "inactiveAfterDays": .number(Double(section.query.inactiveAfterDays)),
                "readAt": date(section.seenAt),
                "groups": .array(
                    groups.map { group, attention in
                        .object([
                            "urlname": .string(group.urlname), "name": .string(group.name),
                            "link": group.link.map { .string($0.absoluteString) } ?? .null,
                            "city": group.city.map(JSONValue.string) ?? .null, "members": optional(group.members),
                            "lastEventAt": date(group.lastEventAt), "nextEventAt": date(group.nextEventAt),
                            "daysSinceLastEvent": optional(group.daysSinceLastEvent(at: report.now)),
                            "upcomingEvents": optional(group.upcomingEvents), "pastEvents": optional(group.pastEvents),
                            "found": .bool(group.isFound), "needsAttention": .bool(attention),
                        ])
                    }),
            ])
        }
        return .object([
            "generatedAt": .string(ISO8601.formatUTC(report.now)), "groupCount": .number(Double(report.groupCount)),
            "attentionCount": .number(Double(report.attentionCount)), "queries": .array(queries),
        ])
    }
}
