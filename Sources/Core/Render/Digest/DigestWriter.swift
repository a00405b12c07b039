import Foundation
import MeetupModel
import MeetupSupport

/// The digest in words: as Markdown for the site from the `digest.md` template (then
/// HTML through cmark, like every page) and as plain text for cron's mail and the
/// email's text part. Every value from
/// the API is escaped for Markdown; plain text is single-line per value, so a CR or LF
/// in a title can never start a line of its own.
package struct DigestWriter {
    let digest: Digest
    let formatting: EventFormatting

    package init(_ digest: Digest, timeZone: TimeZone, language: SiteLanguage) {
        self.digest = digest
        formatting = EventFormatting(siteTimeZone: timeZone, language: language)
    }

    var language: SiteLanguage { formatting.language }

    // Said to readers of the site and the mail, not to whoever runs the tool.
    static func quietLine(_ language: SiteLanguage) -> String {
        language.localized("Nothing new, moved or cancelled since the day before.")
    }
    static func firstRunLine(_ language: SiteLanguage) -> String {
        language.localized(
            "The first digest of this site: from tomorrow it lists what is new, moved or cancelled since the day before."
        )
    }
    /// The English lines, as tests look for them.
    static var quietLine: String { quietLine(.english) }
    static var firstRunLine: String { firstRunLine(.english) }

    /// The first night's line, or a quiet night's; nil on a night with news.
    var notice: String? {
        digest.isFirstRun ? Self.firstRunLine(language) : digest.isQuiet ? Self.quietLine(language) : nil
    }

    package var title: String { language.localized("Digest for {day}", ["day": formatting.dayHeading(digest.date)]) }

    /// A section's heading: "New", "Moved", "This week"…
    func heading(_ kind: ChatDigest.Section.Kind) -> String {
        switch kind {
        case .new: language.localized("New")
        case .moved: language.localized("Moved")
        case .removed: language.localized("Cancelled or removed")
        case .unchecked: language.localized("Not checked tonight")
        case .quietGroups: language.localized("Groups gone quiet")
        case .thisWeek: language.localized("This week")
        }
    }

    /// "was Wed 2 Dec, 19:00 (UTC+01:00) · c-base, now …", "was …".
    func wasAndNow(_ change: HistoryChange) -> String {
        language.localized("was {was}, now {now}", ["was": was(change), "now": now(change)])
    }

    func wasOnly(_ change: HistoryChange) -> String { language.localized("was {was}", ["was": was(change)]) }

    /// "2 new · 1 moved · 1 cancelled · 12 this week": a chat message's night in numbers.
    var counts: String {
        [
            language.plural(digest.new.count, "{count} new", "{count} new"),
            language.plural(digest.moved.count, "{count} moved", "{count} moved"),
            language.plural(digest.removed.count, "{count} cancelled", "{count} cancelled"),
            language.plural(digest.thisWeek.count, "{count} this week", "{count} this week"),
        ].joined(separator: " · ")
    }

    /// The digest page's Markdown, from the `digest.md` template.
    /// - Parameters:
    ///   - thumbnails: site-relative thumbnail paths by photo URL (none in the archive,
    ///     whose pages outlive the thumbnails of past events).
    ///   - root: from the page back to the site root.
    package func markdown(templates: SiteTemplates, thumbnails: [URL: String] = [:], root: String = "") -> String {
        templates.render("digest.md", context(thumbnails: thumbnails, root: root)).trimmingCharacters(in: .newlines)
            + "\n"
    }

    /// Values for the templates, raw: the Markdown template escapes them, the HTML one too.
    func context(thumbnails: [URL: String], root: String) -> [String: Any] {
        func section(_ items: [[String: Any]]) -> Any {
            items.isEmpty ? false : ["count": items.count, "items": items]
        }
        func link(_ url: URL?) -> Any { url.flatMap(MarkdownEscaping.linkDestination) ?? false }
        let new: [[String: Any]] = digest.new.map { item in
            [
                "title": item.event.title, "url": link(item.event.eventURL), "details": details(item),
                "image": item.event.displayPhotoURL.flatMap { thumbnails[$0] }.map { "![](<\(root)\($0)>) " } ?? "",
            ]
        }
        let changes = { (items: [Digest.ChangeItem], withNow: Bool) -> [[String: Any]] in
            items.map { item in
                var row: [String: Any] = [
                    "title": item.change.title, "url": link(item.change.url),
                    "queries": item.queryTitles.joined(separator: ", "), "was": was(item.change),
                ]
                if withNow { row["now"] = now(item.change) }
                return row
            }
        }
        return [
            // The layout says the site's name; the page says which day.
            "heading": title,
            "notice": notice ?? false,
            "new": section(new),
            "moved": section(changes(digest.moved, true)),
            "removed": section(changes(digest.removed, false)),
            "unchecked": section(digest.unchecked.map { ["title": $0.queryTitle, "detail": uncheckedDetail($0)] }),
            "quietGroups": section(
                digest.quietGroups.map {
                    ["title": $0.group.name, "url": link($0.group.link), "detail": quietDetail($0)]
                }),
            "thisWeek": !digest.thisWeek.isEmpty,
            "thisWeekDays": thisWeekDays(link: link),
        ]
    }

    /// This week's events under their days' headings (at W1 size, 239 lines without them).
    private func thisWeekDays(link: (URL?) -> Any) -> [[String: Any]] {
        var days: [[String: Any]] = []
        for item in digest.thisWeek {
            let heading = formatting.dayHeading(formatting.siteDay(of: item.event.start.date))
            let row: [String: Any] = [
                "title": item.event.title, "url": link(item.event.eventURL), "details": details(item, underDay: true),
            ]
            if days.last?["heading"] as? String == heading, var last = days.popLast() {
                last["items"] = (last["items"] as? [[String: Any]] ?? []) + [row]
                days.append(last)
            } else {
                days.append(["heading": heading, "items": [row]])
            }
        }
        return days
    }

    /// "Wed 2 Dec, 19:00 (UTC+01:00) · Factory Berlin, Berlin · Rust Berlin · 12 going · Rust, Swift"
    func details(_ item: Digest.Item, underDay: Bool = false) -> String {
        let event = item.event
        var parts = [
            underDay ? formatting.timeUnderDayHeading(of: event) : formatting.eventTime(of: event),
            formatting.location(of: event),
        ]
        if let group = event.group?.name, !group.isEmpty { parts.append(group) }
        if let going = event.rsvpCount { parts.append(language.plural(going, "{count} going", "{count} going")) }
        // A calendar's events carry its title as their group: said once.
        let found = item.queries.map(\.title).joined(separator: ", ")
        if found != event.group?.name { parts.append(found) }
        return parts.map(TextCleaning.singleLine).joined(separator: " · ")
    }

    /// "the search failed; its events are shown as they were at Sun 22 Nov, 09:00 (GMT+1)".
    func uncheckedDetail(_ item: Digest.Unchecked) -> String {
        guard let since = item.staleSince else {
            return language.localized("the search failed, and no earlier run found its events: none are shown")
        }
        return language.localized(
            "the search failed; its events are shown as they were at {time}", ["time": formatting.generatedAt(since)])
    }

    /// "R-Ladies network: no event since 14 May 2026 (180 days)".
    func quietDetail(_ item: Digest.QuietGroup) -> String {
        let group = item.group
        let query: KeyValuePairs<String, String> = ["query": item.queryTitle]
        guard group.isFound else {
            return language.localized("{query}: no longer found on Meetup (renamed or closed?)", query)
        }
        guard let last = group.lastEventAt else { return language.localized("{query}: no event yet", query) }
        let days = group.daysSinceLastEvent(at: digest.date) ?? item.inactiveAfterDays
        return TextCleaning.singleLine(
            language.plural(
                days, "{query}: no event since {date} ({count} day)", "{query}: no event since {date} ({count} days)",
                ["query": item.queryTitle, "date": formatting.date(last)]))
    }

    func was(_ change: HistoryChange) -> String {
        "\(formatting.eventTime(start: change.oldStart, end: nil)) · \(formatting.location(of: change.oldPlace))"
    }

    func now(_ change: HistoryChange) -> String {
        guard let start = change.newStart else { return "" }
        return
            "\(formatting.eventTime(start: start, end: nil)) · \(change.newPlace.map(formatting.location(of:)) ?? "")"
    }

    /// Plain text, for stdout (cron mails it) and the email's text part.
    package func plainText() -> String {
        var lines = [TextCleaning.singleLine("\(digest.siteTitle): \(title)"), ""]
        if let notice { lines += [notice, ""] }
        func block(_ kind: ChatDigest.Section.Kind, _ entries: [(String, URL?)]) {
            guard !entries.isEmpty else { return }
            lines.append("\(heading(kind)) (\(language.number(entries.count)))")
            for (text, url) in entries {
                lines.append("- " + text)
                if let url, ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
                    lines.append("  " + url.absoluteString)
                }
            }
            lines.append("")
        }
        let single = TextCleaning.singleLine
        block(.new, digest.new.map { (single($0.event.title) + " — " + details($0), $0.event.eventURL) })
        block(.moved, digest.moved.map { (single($0.change.title) + " — " + wasAndNow($0.change), $0.change.url) })
        block(.removed, digest.removed.map { (single($0.change.title) + " — " + wasOnly($0.change), $0.change.url) })
        block(.unchecked, digest.unchecked.map { (single($0.queryTitle) + " — " + uncheckedDetail($0), nil) })
        block(
            .quietGroups, digest.quietGroups.map { (single($0.group.name) + " — " + quietDetail($0), $0.group.link) })
        block(.thisWeek, digest.thisWeek.map { (single($0.event.title) + " — " + details($0), $0.event.eventURL) })
        if digest.thisWeek.isEmpty { lines.append(language.localized("This week: nothing in the next seven days.")) }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n"
    }
}
