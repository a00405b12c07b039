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
        let formatting = EventFormatting(siteTimeZone: settings.timeZone)
        let context = Self.context(report, formatting: formatting, generatedAt: shared.input.generatedAt)
        let markdown = shared.templates.render("groups.md", context)
        let html = PageFiles.layout(
            markdown: markdown, title: "Groups · \(settings.title)", path: SitePaths.groups,
            description: Self.summary(report), root: "", feed: SitePaths.siteFeed,
            feedTitle: settings.title, pageKind: "groups", shared: shared, formatting: formatting)
        return [
            .text(SitePaths.groups + ".md", markdown), .text(SitePaths.groups + ".html", html),
            SiteFile(path: SitePaths.groupsJSON, contents: .bytes(Data(Self.json(report).serialized().utf8))),
        ]
    }

    /// "212 groups, 31 with no event for six months".
    static func summary(_ report: GroupsReport) -> String {
        let thresholds = Set(report.sections.map(\.query.inactiveAfterDays))
        let silence = thresholds.count == 1 ? " for " + period(days: thresholds.first ?? 0) : " for a while"
        return EventFormatting.count(report.groupCount, "group", "groups") + ", \(report.attentionCount) with no event"
            + silence
    }

    /// "six months" for 180 days, "90 days" otherwise.
    static func period(days: Int) -> String {
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        if days == 365 { return "a year" }
        if days % 30 == 0, (1...12).contains(days / 30) {
            return days == 30 ? "a month" : "\(words[days / 30 - 1]) months"
        }
        return EventFormatting.count(days, "day", "days")
    }

    static func context(_ report: GroupsReport, formatting: EventFormatting, generatedAt: Date) -> [String: Any] {
        let sections: [[String: Any]] = report.sections.map { section in
            let row = { (group: GroupActivity) in Self.row(group, now: report.now, formatting: formatting) }
            var context: [String: Any] = [
                "title": section.query.title,
                "link": "<\(SitePaths.queryPage(section.query)).html>",
                "scope": QueryScope.text(of: section.query),
                "counts": EventFormatting.count(section.groupCount, "group", "groups")
                    + ", \(section.attention.count) with no event for \(period(days: section.query.inactiveAfterDays))",
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
            "summary": summary(report), "generatedAt": formatting.generatedAt(generatedAt),
            "json": "<\(SitePaths.groupsJSON)>", "sections": sections,
        ]
    }

    /// One group: its name (linked), city, members, and its activity in words.
    static func row(_ group: GroupActivity, now: Date, formatting: EventFormatting) -> [String: Any] {
        var details = [group.city, group.members.map { Self.members($0) }].compactMap { $0 }
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
        guard group.isFound else { return "Not found on Meetup: renamed or closed? Check its urlname in the config." }
        var parts: [String] = []
        if let last = group.lastEventAt, let days = group.daysSinceLastEvent(at: now) {
            parts.append(
                "Last event \(formatting.date(last)), "
                    + (days == 0 ? "today" : EventFormatting.count(days, "day", "days") + " ago"))
        } else {
            parts.append("No past event")
        }
        if let next = group.nextEventAt, next >= now {
            parts.append("next \(formatting.date(next))")
        } else {
            parts.append("nothing scheduled")
        }
        if let upcoming = group.upcomingEvents, upcoming > 1 { parts.append("\(upcoming) upcoming") }
        if let past = group.pastEvents, past > 0 {
            parts.append(EventFormatting.count(past, "past event", "past events"))
        }
        return parts.joined(separator: " · ")
    }

    /// "6,120 members".
    static func members(_ count: Int) -> String {
        NumberText.grouped(count) + (count == 1 ? " member" : " members")
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
