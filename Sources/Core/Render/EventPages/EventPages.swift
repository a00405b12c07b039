import Foundation
import MeetupModel
import MeetupSupport

/// `events/<id>.html` and `.md`: a page per event, upcoming or taken place, that a shared link
/// opens, link previews show (Open Graph, Twitter card) and search engines read as an event
/// (schema.org JSON-LD). Upcoming events' pages are made with the list pages (they need the
/// rendered descriptions); past ones are keyed items (`PastEventPages`).
enum EventPages {
    /// The page's files for an upcoming event, from the value it is rendered from.
    static func files(upcoming page: UpcomingEventPage, shared: RenderShared, formatting: EventFormatting)
        -> [SiteFile]
    {
        let event = page.event
        let facts = EventPageFacts(upcoming: page, plainDescription: shared.descriptions[event.id] ?? "")
        var context = self.context(facts, shared: shared, formatting: formatting)
        context["when"] =
            event.isAllDay
            ? formatting.eventTime(of: event) : formatting.eventTime(start: event.start, end: event.end, year: true)
        context["ics"] = "<../\(EventCalendarLinks.icsPath(event))>"
        if let google = EventCalendarLinks.googleCalendar(
            event, details: facts.plainDescription, language: formatting.language
        )
        .flatMap(MarkdownEscaping.linkDestination) {
            context["google"] = google
        }
        if !page.foundBy.isEmpty {
            context["hasFoundBy"] = true
            context["foundByLabel"] = formatting.language.localized("Found by")
            context["foundBy"] = page.foundBy.enumerated().map { index, query in
                [
                    "title": query.title, "link": "<../\(query.path).html>", "last": index == page.foundBy.count - 1,
                ] as [String: Any]
            }
        }
        // A description whose Markdown kept nothing (raw HTML only) is said as its plain text.
        let rich =
            shared.richDescriptions[event.id]
            ?? (facts.plainDescription.isEmpty ? nil : "<p>\(XMLEscaping.escape(facts.plainDescription))</p>\n")
        context["hasDescription"] = rich != nil
        return Self.page(facts, context: context, descriptionHTML: rich, shared: shared, formatting: formatting)
    }

    /// The page's files for an event of the record that has taken place.
    static func files(past facts: EventPageFacts, shared: RenderShared, formatting: EventFormatting) -> [SiteFile] {
        var context = self.context(facts, shared: shared, formatting: formatting)
        context["when"] = formatting.eventTime(start: facts.start, end: facts.end, year: true)
        if shared.hasArchive {
            let year = CommunityRecord.year(of: facts.start.date, in: shared.input.settings.timeZone)
            context["hasFoundBy"] = true
            context["foundByLabel"] = formatting.language.localized("In")
            context["foundBy"] = [
                [
                    "title": formatting.language.localized("The archive of {year}", ["year": String(year)]),
                    "link": "<../\(SitePaths.archiveYear(year)).html>", "last": true,
                ]
            ]
        }
        return page(facts, context: context, descriptionHTML: nil, shared: shared, formatting: formatting)
    }

    /// What both kinds of page say the same way.
    private static func context(_ facts: EventPageFacts, shared: RenderShared, formatting: EventFormatting)
        -> [String: Any]
    {
        let language = formatting.language
        var context: [String: Any] = [
            "title": facts.title,
            "image": facts.image.map { "<../\($0)>" } ?? false,
            "alt": language.localized("Photo of {name}", ["name": facts.group?.name ?? facts.title]),
            "where": facts.isOnline && !facts.isHybrid
                ? language.localized("Online")
                : (facts.placeLine.map {
                    facts.isHybrid ? language.localized("{place}, and online", ["place": $0]) : $0
                }
                    ?? facts.attendance(language)),
        ]
        switch facts.status {
        case .scheduled where facts.isPast:
            // From the record: it is over, and the page says so (its date alone did not).
            context["statusNote"] = language.localized(
                "This event took place on {date}", ["date": formatting.date(facts.start.date)])
        case .scheduled: break
        case .cancelled: context["statusNote"] = language.localized("Cancelled")
        case .movedOnline: context["statusNote"] = language.localized("Moved online")
        case .rescheduled(let previous):
            context["statusNote"] = language.localized(
                "Rescheduled: it was to start {time}", ["time": formatting.eventTime(start: previous, end: nil)])
        }
        if let map = facts.mapURL.flatMap(MarkdownEscaping.linkDestination) { context["map"] = map }
        if let group = facts.group {
            context["group"] = [
                "name": TextCleaning.singleLine(group.name),
                "link": group.urlname.map { "<../\(SitePaths.groupPage($0)).html>" }
                    ?? facts.meetupURL.flatMap(MarkdownEscaping.linkDestination) ?? "<../index.html>",
            ]
        }
        context["goingLabel"] = facts.isPast ? language.localized("Went") : language.localized("Going")
        if let going = facts.going {
            context["going"] = language.number(going)
        } else if facts.goingUnknown {
            context["going"] = language.localized("not in the group's calendar feed (see the event on Meetup)")
        }
        if let fee = facts.fee {
            context["fee"] = fee.amount.formatted(.currency(code: fee.currency).locale(language.locale))
        }
        if let url = facts.meetupURL.flatMap(MarkdownEscaping.linkDestination) { context["url"] = url }
        return context
    }

    private static func page(
        _ facts: EventPageFacts, context: [String: Any], descriptionHTML: String?, shared: RenderShared,
        formatting: EventFormatting
    ) -> [SiteFile] {
        let settings = shared.input.settings
        let path = SitePaths.eventPage(facts.id)
        let markdown = shared.templates.render("event-page.md", context)
        let pageURL = Sitemap.absolute(path + ".html", baseURL: settings.baseURL)
        let image = facts.largeImage ?? facts.image
        let jsonLD = EventJSONLD.make(
            facts, pageURL: pageURL, imageURL: image.map { Sitemap.absolute($0, baseURL: settings.baseURL) })
        let summary = [context["when"] as? String, context["where"] as? String].compactMap { $0 }
        let html = PageFiles.layout(
            markdown: markdown, title: "\(TextCleaning.singleLine(facts.title)) · \(settings.title)", path: path,
            description: summary.joined(separator: " · "), root: "../", feed: SitePaths.siteFeed,
            feedTitle: settings.title, image: image, pageKind: "event",
            event: EventPageMeta(
                jsonLD: EventJSONLD.scriptBlock(jsonLD), descriptionHTML: descriptionHTML, hasPhoto: image != nil,
                imageAlt: facts.image == nil ? "" : context["alt"] as? String ?? ""),
            shared: shared, formatting: formatting)
        let text = markdown.replacingOccurrences(
            of: PageBody.descriptionMarker + "\n",
            with: MarkdownEscaping.text(facts.plainDescription) + "\n")
        return [.text(path + ".md", text), .text(path + ".html", html)]
    }
}

/// The pages of the record's events that have taken place (not shown tonight), each an item
/// of the render memo keyed by the value it is rendered from (`EventPageFacts`) and whether the
/// site has an archive: an archive of thousands is made once.
struct PastEventPages: KeyedSiteGenerator {
    func items(_ shared: RenderShared, keys: RenderKeys) -> [KeyedItem] {
        let input = shared.input
        guard let record = input.record else { return [] }
        let upcoming = Set(keys.distinct.map(\.id))
        let archive = shared.hasArchive ? "archive" : "-"
        let past = record.events.filter { $0.start.date < input.generatedAt && !upcoming.contains($0.id) }
        // Each value encoded and hashed on every core: thousands of pages on a large record.
        return Parallel.map(past, serialBelow: 64) { event in
            let facts = EventPageFacts(past: event)
            let key = ContentHash.Builder(
                keys.site, "past event page 2", archive, ContentHash.of(facts, kind: "past event page"))
            let path = SitePaths.eventPage(event.id)
            return KeyedItem(item: RenderItem(id: path, key: key.hex(), order: Int.max - 2)) { formatting in
                EventPages.files(past: facts, shared: shared, formatting: formatting)
            }
        }
    }
}
