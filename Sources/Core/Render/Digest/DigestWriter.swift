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

    // Said to readers of the site and the mail, not to whoever runs the tool.
    static let quietLine = "Nothing new, moved or cancelled since the day before."
    static let firstRunLine =
        "The first digest of this site: from tomorrow it lists what is new, moved or cancelled since the day before."

    package var title: String { "Digest for \(formatting.dayHeading(digest.date))" }

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
            "notice": digest.isFirstRun ? Self.firstRunLine : digest.isQuiet ? Self.quietLine : false,
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
        if let going = event.rsvpCount { parts.append("\(going) going") }
        // A calendar's events carry its title as their group: said once.
        let found = item.queries.map(\.title).joined(separator: ", ")
        if found != event.group?.name { parts.append(found) }
        return parts.map(TextCleaning.singleLine).joined(separator: " · ")
    }

    static let uncheckedHeading = "Not checked tonight"

    /// "the search failed; its events are shown as they were at Sun 22 Nov, 09:00 (GMT+1)".
    func uncheckedDetail(_ item: Digest.Unchecked) -> String {
        guard let since = item.staleSince else {
            return "the search failed, and no earlier run found its events: none are shown"
        }
        return "the search failed; its events are shown as they were at \(formatting.generatedAt(since))"
    }

    static let quietGroupsHeading = "Groups gone quiet"

    /// "R-Ladies network: no event since 14 May 2026 (180 days)".
    func quietDetail(_ item: Digest.QuietGroup) -> String {
        let group = item.group
        guard group.isFound else { return "\(item.queryTitle): no longer found on Meetup (renamed or closed?)" }
        guard let last = group.lastEventAt else { return "\(item.queryTitle): no event yet" }
        let days = group.daysSinceLastEvent(at: digest.date) ?? item.inactiveAfterDays
        return TextCleaning.singleLine(
            "\(item.queryTitle): no event since \(formatting.date(last)) (\(EventFormatting.count(days, "day", "days")))"
        )
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
        if digest.isFirstRun {
            lines += [Self.firstRunLine, ""]
        } else if digest.isQuiet {
            lines += [Self.quietLine, ""]
        }
        func block(_ heading: String, _ entries: [(String, URL?)]) {
            guard !entries.isEmpty else { return }
            lines.append("\(heading) (\(entries.count))")
            for (text, url) in entries {
                lines.append("- " + text)
                if let url, ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
                    lines.append("  " + url.absoluteString)
                }
            }
            lines.append("")
        }
        let single = TextCleaning.singleLine
        block("New", digest.new.map { (single($0.event.title) + " — " + details($0), $0.event.eventURL) })
        block(
            "Moved",
            digest.moved.map {
                (single($0.change.title) + " — was " + was($0.change) + ", now " + now($0.change), $0.change.url)
            })
        block(
            "Cancelled or removed",
            digest.removed.map { (single($0.change.title) + " — was " + was($0.change), $0.change.url) })
        block(
            Self.uncheckedHeading, digest.unchecked.map { (single($0.queryTitle) + " — " + uncheckedDetail($0), nil) })
        block(
            Self.quietGroupsHeading,
            digest.quietGroups.map { (single($0.group.name) + " — " + quietDetail($0), $0.group.link) })
        block("This week", digest.thisWeek.map { (single($0.event.title) + " — " + details($0), $0.event.eventURL) })
        if digest.thisWeek.isEmpty { lines.append("This week: nothing in the next seven days.") }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n"
    }
}
