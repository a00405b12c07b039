import Foundation
import MeetupModel
import MeetupSupport

/// How the record's pages say an archived event: its own page, its place, its groups' pages. Untrusted text stays raw here; the Markdown templates escape it.
struct RecordFormatting {
    let formatting: EventFormatting
    /// From the page back to the site root.
    let root: String

    /// The link to a group's page on this site.
    func groupLink(_ urlname: String) -> String {
        "<\(root)\(SitePaths.groupPage(urlname)).html>"
    }

    /// "Online", "Lagos, NG", or "".
    static func place(_ event: ArchivedEvent, _ language: SiteLanguage) -> String {
        if event.isOnline { return language.localized("Online") }
        return [event.city, event.country?.uppercased()].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: ", ")
    }

    /// One entry of a list: date, title, link, groups (at most five named), going, place.
    func entry(_ entry: RecordEntry) -> [String: Any] {
        let event = entry.event
        let groups = entry.groups.filter { $0.urlname != nil }
        let shown = groups.prefix(5)
        var context: [String: Any] = [
            "date": formatting.date(event.start.date), "title": TextCleaning.singleLine(event.title),
            "place": Self.place(event, formatting.language),
            "groups": shown.enumerated().map { index, group in
                [
                    "name": TextCleaning.singleLine(group.name), "link": groupLink(group.urlname ?? ""),
                    "last": index == shown.count - 1,
                ] as [String: Any]
            },
        ]
        // Its own page on this site (which links to Meetup).
        context["url"] = "<\(root)\(SitePaths.eventPage(event.id)).html>"
        let language = formatting.language
        if groups.count > 1 {
            context["groupsLabel"] = language.plural(groups.count, "in {count} group", "in {count} groups")
        }
        if groups.count > shown.count { context["more"] = language.number(groups.count - shown.count) }
        if let going = entry.going { context["going"] = language.number(going) }
        if entry.isCancelled { context["cancelled"] = true }
        return context
    }
}
