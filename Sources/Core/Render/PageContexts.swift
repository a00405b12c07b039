import Foundation
import MeetupModel
import MeetupSupport

/// Everything the site is rendered from. Pure data: rendering is a function of it.
package struct SiteInput: Sendable {
    package var settings: SiteSettings
    package var fetched: FetchedEvents
    package var thumbnails: [URL: Thumbnail]
    package var generatedAt: Date
    /// Markers, changes and trends from earlier runs; nil without history.
    package var history: HistoryReport?
    /// Worked out once per render (`planned()`); nil until then.
    package var madePlan: SitePlan?
    /// The digest page's site path, linked from the index; nil when the site has none.
    package var digestLink: String?
    /// The groups report; nil when no query follows groups.
    package var groups: GroupsReport?
    /// The community's record (past events, groups); nil without a history.
    package var record: CommunityRecord?

    package init(
        settings: SiteSettings, fetched: FetchedEvents, thumbnails: [URL: Thumbnail], generatedAt: Date,
        history: HistoryReport? = nil, digestLink: String? = nil, groups: GroupsReport? = nil,
        record: CommunityRecord? = nil
    ) {
        self.settings = settings
        self.fetched = fetched
        self.thumbnails = thumbnails
        self.generatedAt = generatedAt
        self.history = history
        self.digestLink = digestLink
        self.groups = groups
        self.record = record
    }
}

extension SiteInput {
    /// When the site last saw the event's information change: the latest move the history
    /// noticed, else when it was first seen, else when Meetup says it was created, else now
    /// (no history: nothing to be stable against).
    package func lastChanged(_ event: Event) -> Date {
        let moved = history?.changes(ofEvent: event.id).filter { $0.kind == .moved }.map(\.noticedAt).max()
        return moved ?? history?.firstSeen[event.id] ?? event.createdAt ?? generatedAt
    }

    /// The site has archive pages (every page's menu links them): the record holds an event
    /// that has taken place.
    package var hasArchive: Bool {
        // The record is in start order: its first event is the earliest.
        record?.events.first.map { $0.start.date < generatedAt } ?? false
    }
}

/// Builds the Mustache contexts of each page: the rendering decisions (order,
/// grouping, wording, which picture) live here, apart from templates and IO.
/// Untrusted strings stay raw here; templates escape them for their format.
/// Values rendered with `{{{…}}}` are built here from trusted parts only.
struct PageContexts {

    let input: SiteInput
    let formatting: EventFormatting
    /// Each event's description as plain text (by event id), made once: pages,
    /// feeds and calendars all show excerpts of it.
    let plainDescriptions: TextsByEvent

    /// Each event's Markdown block, rendered once (see `EventBlocks`).
    let eventBlocks: EventBlocks?
    let dayLabels: DayLabels
    var language: SiteLanguage { input.settings.language }

    /// - Parameters:
    ///   - plainDescriptions: from `plainDescriptions(of:)`, shared by every page's contexts.
    ///   - eventBlocks: needed by the list pages (`queryPage`, `allEvents`).
    init(input: SiteInput, plainDescriptions: TextsByEvent? = nil, eventBlocks: EventBlocks? = nil) {
        self.input = input
        formatting = EventFormatting(siteTimeZone: input.settings.timeZone, language: input.settings.language)
        self.plainDescriptions = plainDescriptions ?? Self.plainDescriptions(of: input)
        self.eventBlocks = eventBlocks
        dayLabels = DayLabels(now: input.generatedAt, zone: input.settings.timeZone, language: input.settings.language)
    }

    static func plainDescriptions(of input: SiteInput) -> TextsByEvent {
        var descriptions: [String: String] = [:]
        for event in input.fetched.distinctEvents { descriptions[event.id] = PlainText.of(markdown: event.description) }
        return TextsByEvent(given: descriptions)
    }

    /// The event's description cut to `maxLength` characters.
    func excerpt(of event: Event, maxLength: Int = 240) -> String {
        TextCleaning.truncated(
            plainDescriptions[event.id] ?? PlainText.of(markdown: event.description), maxLength: maxLength)
    }

    /// The placeholder is drawn 3:2, like most group photos.
    static func placeholderSize(width: Int) -> PixelSize {
        PixelSize(width: width, height: width * 2 / 3)
    }

    func index() -> [String: Any] {
        let queries: [[String: Any]] = input.fetched.outcomes.map { entry in
            var context: [String: Any] = [
                "title": entry.query.title,
                "scope": QueryScope.text(of: entry.query, language: language),
                "link": "<\(SitePaths.queryPage(entry.query)).html>",
                "count": language.plural(entry.outcome.events.count, "{count} event", "{count} events"),
            ]
            if let since = entry.outcome.staleSince {
                context["stale"] = ["since": formatting.generatedAt(since)]
            }
            if case .failed(let error) = entry.outcome { context["notFetched"] = ["reason": error.reason] }
            if let counts = input.history?.counts[entry.query.id], counts.count > 1 {
                context["chart"] = [
                    "image": "<\(SitePaths.chart(entry.query))>",
                    "alt": language.plural(
                        counts.count, "Events found in the last run: {counts}",
                        "Events found in the last {count} runs: {counts}",
                        ["counts": counts.map(language.number).joined(separator: ", ")]),
                ]
            }
            let next = SitePaths.chronological(entry.outcome.events).prefix(3)
            if !next.isEmpty {
                context["upcoming"] = next.map(card)
            }
            return context
        }
        let pinned = pinnedCards()
        return [
            "pinned": pinned,
            "hasPinned": !pinned.isEmpty,
            "siteTitle": input.settings.title,
            "generatedAt": formatting.generatedAt(input.generatedAt),
            "totalEvents": language.plural(
                input.plan.distinct.count, "{count} upcoming event", "{count} upcoming events"),
            "allLink": "<\(SitePaths.allEvents).html>",
            "queries": queries,
            "digest": input.digestLink.map { ["link": "<\($0)>", "date": formatting.date(input.generatedAt)] } ?? false,
            "groups": input.groups.map {
                ["link": "<\(SitePaths.groups).html>", "summary": GroupsPage.summary($0, language: language)]
            }
                ?? false,
        ]
    }

    /// One page of a query's events (`events`, page `page` of `pages`).
    func queryPage(_ query: EventQuery, outcome: QueryOutcome, events: [Event], page: Int = 1, of pages: Int = 1)
        -> [String: Any]
    {
        let ordered = SitePaths.chronological(events)
        var context: [String: Any] = [
            "title": query.title,
            "scope": QueryScope.text(of: query, language: language),
            "count": language.plural(outcome.events.count, "{count} upcoming event", "{count} upcoming events"),
            "zone": formatting.siteZoneName,
            "days": days(ordered, blocks: eventBlocks?.queryPage ?? [:]),
            "isEmpty": ordered.isEmpty,
            "pager": pager(SitePaths.queryPage(query), page: page, of: pages, from: "../"),
        ]
        if let since = outcome.staleSince, let error = outcome.error {
            context["stale"] = ["since": formatting.generatedAt(since), "reason": error.reason]
        }
        if case .failed(let error) = outcome { context["notFetched"] = ["reason": error.reason] }
        let changes = page == 1 ? input.history?.changes(for: query.id) ?? [] : []
        if !changes.isEmpty {
            context["changeDays"] = language.plural(input.settings.changeDays, "{count} day", "{count} days")
            context["changes"] = changes.map(changeContext)
        }
        return context
    }

    /// "Page 2 of 5" with links to the pages before and after; false for a list of one page.
    func pager(_ base: String, page: Int, of pages: Int, from root: String) -> Any {
        guard pages > 1 else { return false }
        var context: [String: Any] = [
            "label": language.localized(
                "Page {page} of {pages}", ["page": language.number(page), "pages": language.number(pages)])
        ]
        if page > 1 { context["previous"] = "<\(root)\(Pagination.path(base, page: page - 1)).html>" }
        if page < pages { context["next"] = "<\(root)\(Pagination.path(base, page: page + 1)).html>" }
        return context
    }

    /// "Moved" (with the old and new time or place) or "Cancelled or removed".
    private func changeContext(_ change: HistoryChange) -> [String: Any] {
        var context: [String: Any] = [
            "title": change.title,
            "kind": change.kind == .moved ? language.localized("Moved") : language.localized("Cancelled or removed"),
            "was":
                "\(formatting.eventTime(start: change.oldStart, end: nil)) · \(formatting.location(of: change.oldPlace))",
        ]
        if let newStart = change.newStart {
            context["now"] =
                "\(formatting.eventTime(start: newStart, end: nil)) · \(change.newPlace.map(formatting.location(of:)) ?? "")"
        }
        if let destination = change.url.flatMap(MarkdownEscaping.linkDestination) { context["url"] = destination }
        return context
    }

    /// All events: an index of the months (each with its count) and this week's events,
    /// day by day, each linking to its place in its month's pages.
    func allEvents() -> [String: Any] {
        let plan = input.plan
        let months = plan.months
        let weekEnd = input.generatedAt.addingTimeInterval(7 * 86_400)
        let week = SitePaths.chronological(plan.distinct.filter { $0.start.date < weekEnd })
        // Where this week's events stand in the plan's month pages (paginating every month
        // again here was 4 % of W2's next-night render, perf).
        let inWeek = Set(week.map(\.id))
        var numbers: [String: (month: String, page: Int)] = [:]
        for month in months {
            for (index, page) in (plan.monthPages[month.key] ?? []).enumerated() {
                for event in page where inWeek.contains(event.id) { numbers[event.id] = (month.key, index + 1) }
            }
        }
        var days: [[String: Any]] = []
        for event in week {
            let heading = formatting.dayHeading(formatting.siteDay(of: event.start.date))
            let place = numbers[event.id] ?? (months.first?.key ?? "", 1)
            let line: [String: Any] = [
                "title": event.title, "time": formatting.timeUnderDayHeading(of: event),
                "link":
                    "<\(Pagination.path(SitePaths.allEventsMonth(place.month), page: place.page)).html#\(EventAnchors.id(of: event))>",
                "group": event.group.map { TextCleaning.singleLine($0.name) } ?? false,
            ]
            if days.last?["heading"] as? String == heading, var last = days.popLast() {
                last["events"] = (last["events"] as? [[String: Any]] ?? []) + [line]
                days.append(last)
            } else {
                days.append(["heading": heading, "events": [line]])
            }
        }
        return [
            "title": language.localized("All events"),
            "count": language.plural(plan.distinct.count, "{count} upcoming event", "{count} upcoming events"),
            "isIndex": true,
            "months": months.map { entry -> [String: Any] in
                [
                    "label": formatting.monthHeading(entry.key),
                    "link": "<\(SitePaths.allEventsMonth(entry.key)).html>",
                    "count": language.plural(entry.events.count, "{count} event", "{count} events"), "current": false,
                ]
            },
            "week": days,
            "hasWeek": !days.isEmpty,
        ]
    }

    /// One page of a month of the all-events list, with the navigation to every month. Pages
    /// in `all/` are a folder down, as their blocks were rendered (`EventBlocks`).
    func allEvents(month: String, events: [Event], page: Int, of pages: Int) -> [String: Any] {
        let plan = input.plan
        let months = plan.months
        let ordered = SitePaths.chronological(events)
        let blocks = eventBlocks?.allEventsPage ?? [:]
        // The month's own count, and the other months without theirs: an event passing in
        // November changes November's pages, not every page of December (`SitePage.keys`).
        let inMonth = months.first { $0.key == month }?.events.count ?? events.count
        return [
            "title": language.localized("All events"),
            "count": language.plural(inMonth, "{count} event", "{count} events"),
            "monthTitle": formatting.monthHeading(month),
            "zone": formatting.siteZoneName,
            "months": months.map { entry -> [String: Any] in
                [
                    "label": formatting.monthHeading(entry.key),
                    "link": "<../\(SitePaths.allEventsMonth(entry.key)).html>",
                    "current": entry.key == month,
                ]
            },
            "days": days(ordered, blocks: blocks),
            "isEmpty": ordered.isEmpty,
            "pager": pager(SitePaths.allEventsMonth(month), page: page, of: pages, from: "../"),
        ]
    }

    /// Events grouped by their day in the site's time zone, in order, each as its
    /// already rendered Markdown block.
    private func days(_ ordered: [Event], blocks: TextsByEvent) -> [[String: Any]] {
        var days: [[String: Any]] = []
        var currentDay: Date?
        var currentEvents: [[String: Any]] = []
        func flush() {
            if let currentDay { days.append(["heading": dayHeading(currentDay), "events": currentEvents]) }
        }
        for event in ordered {
            let day = formatting.siteDay(of: event.start.date)
            if day != currentDay {
                flush()
                currentDay = day
                currentEvents = []
            }
            currentEvents.append(["markdown": blocks[event.id] ?? ""])
        }
        flush()
        return days
    }

    /// The editor's pinned events still on the site, in the config's order, each linking to
    /// the first query page that lists it, with the editor's note.
    private func pinnedCards() -> [[String: Any]] {
        let curation = input.settings
        guard !curation.pinned.isEmpty else { return [] }
        let foundBy = input.fetched.queriesByEvent
        // A pin names an event by any of its identifiers (its Meetup id, its token, an earlier id).
        let events = Dictionary(
            input.plan.distinct.flatMap { event in event.identifiers.map { ($0, event) } },
            uniquingKeysWith: { first, _ in first })
        return curation.pinned.compactMap { name in
            guard let event = events[name], foundBy[event.id]?.isEmpty == false else { return nil }
            var card = card(event)
            card["note"] = curation.note(for: event)
            return card
        }
    }

    /// "Today · Sunday 22 November 2026", "Tomorrow · …", "This weekend · …": the label from
    /// the run's moment in the site's zone (a page's key holds its days' labels, `SitePage.keys`).
    func dayHeading(_ day: Date) -> String {
        let label = dayLabels.label(of: day)
        return (label.map { $0 + " · " } ?? "") + formatting.dayHeading(day)
    }

    /// "Photo of R-Ladies Lagos", "No photo available".
    private func photoAlt(_ event: Event, hasPhoto: Bool) -> String {
        hasPhoto
            ? language.localized("Photo of {name}", ["name": event.group?.name ?? event.title])
            : language.localized("No photo available")
    }

    /// A small card on the index: thumbnail, date and title, linking to the event's own page.
    private func card(_ event: Event) -> [String: Any] {
        let thumbnail = event.displayPhotoURL.flatMap { input.thumbnails[$0] }
        return [
            "title": event.title,
            "time": formatting.cardTime(of: event) + (event.isOnline ? " · " + language.localized("Online") : ""),
            "image": "<\(thumbnail.map(SitePaths.thumbnail) ?? SitePaths.placeholder)>",
            "alt": photoAlt(event, hasPhoto: thumbnail != nil),
            "link": "<\(SitePaths.eventPage(event.id)).html>",
        ]
    }

    /// The context of `event.md` for one event: `root` leads back to the site's root,
    /// `foundBy` (on the All events page) lists the queries that found it.
    func eventContext(_ event: Event, root: String, foundBy: [EventQuery]? = nil) -> [String: Any] {
        let thumbnail = event.displayPhotoURL.flatMap { input.thumbnails[$0] }
        var context: [String: Any] = [
            "title": event.title,
            "time": formatting.timeUnderDayHeading(of: event),
            "location": formatting.location(of: event),
            "image": "<\(root)\(thumbnail.map { "thumbs/\($0.publishedName)" } ?? SitePaths.placeholder)>",
            "alt": photoAlt(event, hasPhoto: thumbnail != nil),
        ]
        if let destination = event.eventURL.flatMap(MarkdownEscaping.linkDestination) { context["url"] = destination }
        context["page"] = "<\(root)\(SitePaths.eventPage(event.id)).html>"
        context["ics"] = "<\(root)\(EventCalendarLinks.icsPath(event))>"
        if let google = EventCalendarLinks.googleCalendar(
            event, details: plainDescriptions[event.id] ?? "", language: language
        )
        .flatMap(MarkdownEscaping.linkDestination) {
            context["google"] = google
        }
        if let group = event.group {
            context["group"] = group.name
            if let urlname = group.urlname { context["groupPage"] = "<\(root)\(SitePaths.groupPage(urlname)).html>" }
        }
        if let count = event.rsvpCount { context["going"] = language.plural(count, "{count} going", "{count} going") }
        if input.history?.newEventIDs.contains(event.id) == true { context["isNew"] = true }
        // The editor's own line of Markdown (config `curation.notes`; cmark drops raw HTML).
        if let note = input.settings.note(for: event) { context["note"] = note }
        let excerpt = excerpt(of: event)
        if !excerpt.isEmpty { context["excerpt"] = excerpt }
        // Query pages show the whole description behind "More"; the all-events page stays light.
        // ... when there is more to it than the excerpt shows.
        let plain = plainDescriptions[event.id] ?? ""
        if foundBy == nil, plain.count > excerpt.count || event.description.contains("\n") {
            context["more"] = DescriptionRendering.moreMarker
        }
        if let queries = foundBy, !queries.isEmpty {
            context["hasFoundBy"] = true
            context["foundBy"] = queries.enumerated().map { index, query in
                [
                    "title": query.title, "link": "<\(root)\(SitePaths.queryPage(query)).html>",
                    "last": index == queries.count - 1,
                ]
            }
        }
        return context
    }
}
