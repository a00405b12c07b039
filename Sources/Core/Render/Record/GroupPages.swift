import Foundation
import MeetupModel
import MeetupSupport

/// `groups/<urlname>`: a page per group the record or tonight's events know: where it is, how
/// active, what is next, its events per quarter (a chart with its numbers in a table beside
/// it) and its past events by year. A renamed group's former addresses lead to its page.
struct GroupPages: KeyedSiteGenerator {
    /// A group with no event for this long is "quiet" (the groups report's default threshold).
    static let quietAfterDays = EventQuery.defaultInactiveAfterDays

    /// Every group that has a page, and tonight's upcoming events by group: the record's groups,
    /// those of tonight's events, and every group a query follows, one with no event yet too (the
    /// groups report links each: "No event yet").
    static func groups(_ input: SiteInput, record: CommunityRecord) -> ([ArchivedGroup], [String: [Event]]) {
        let now = input.generatedAt
        var groups = record.groups.filter { !$0.urlname.isEmpty }
        var known = Set(groups.flatMap { ([$0.urlname] + $0.formerUrlnames).map { $0.lowercased() } })
        var upcoming: [String: [Event]] = [:]
        func add(urlname: String, name: String, city: String?, country: String?) {
            guard known.insert(urlname.lowercased()).inserted else { return }
            groups.append(
                ArchivedGroup(
                    key: "urlname:" + urlname.lowercased(), urlname: urlname, name: name, city: city, country: country,
                    firstSeen: now, lastSeen: now))
        }
        for event in SitePaths.chronological(input.fetched.distinctEvents) {
            guard let group = event.group, let urlname = group.urlname else { continue }
            upcoming[urlname.lowercased(), default: []].append(event)
            add(urlname: urlname, name: group.name, city: event.venue?.city, country: event.venue?.country)
        }
        for section in input.groups?.sections ?? [] {
            for member in section.attention + section.active where member.isFound {
                add(urlname: member.urlname, name: member.name, city: member.city, country: nil)
            }
        }
        return (groups, upcoming)
    }

    /// Each group's page (and its former addresses' redirects) as an item of the render memo,
    /// keyed by its value (`GroupPage`): a night on which a group did nothing reuses its page.
    func items(_ shared: RenderShared, keys: RenderKeys) -> [KeyedItem] {
        let input = shared.input
        let record = input.record ?? CommunityRecord(events: [], groups: [])
        let now = input.generatedAt
        let (groups, upcoming) = Self.groups(input, record: record)
        let pastByName = record.pastByGroupKey(at: now)
        let activity = Dictionary(
            (input.groups?.sections ?? []).flatMap { $0.attention + $0.active }.map { ($0.urlname.lowercased(), $0) },
            uniquingKeysWith: { first, _ in first })
        let networkGroups = record.networkEventGroups
        let (pages, alsoKeys) = CommunityRecord.onePerAddress(groups)
        // Each value made and encoded for its key on every core: the record workload's 5,200 past
        // events are encoded every night (a group is much work: in parallel from 32 of them).
        let values = Parallel.map(pages, serialBelow: 32) { group in
            let value = GroupPage(
                group: group,
                past: CommunityRecord.past(of: group, alsoKeys: alsoKeys[group.key] ?? [], in: pastByName).events,
                upcoming: upcoming[group.urlname.lowercased()] ?? [],
                members: activity[group.urlname.lowercased()]?.members, hasArchive: shared.hasArchive, now: now,
                zone: input.settings.timeZone, networkGroups: networkGroups)
            return (value, value.key(site: keys.site))
        }
        return values.map { value, key in
            let path = SitePaths.groupPage(value.group.urlname)
            return KeyedItem(item: RenderItem(id: path, key: key, order: Int.max - 1)) {
                formatting in
                // Made on any core, with its run's formatting (not thread-safe).
                var files = page(value, shared: shared, formatting: formatting)
                for former in value.group.formerUrlnames
                where SitePaths.groupPage(former) != SitePaths.groupPage(value.group.urlname) {
                    files.append(redirect(from: former, to: value.group.urlname, language: formatting.language))
                }
                return files
            }
        }
    }

    /// The page, from its value alone.
    private func page(_ value: GroupPage, shared: RenderShared, formatting: EventFormatting) -> [SiteFile] {
        let (group, past) = (value.group, value.past)
        let input = shared.input
        let zone = input.settings.timeZone
        let names = RecordFormatting(formatting: formatting, root: "../")
        let path = SitePaths.groupPage(group.urlname)
        let language = formatting.language
        var context: [String: Any] = [
            "name": TextCleaning.singleLine(group.name),
            "meetup": WebURL.meetupGroup(group.urlname).map { "<\($0.absoluteString)>" } ?? false,
            "activity": Self.activity(value, formatting: formatting),
            "hasPast": !past.isEmpty,
        ]
        if let place = CountryNames.place(city: group.city, country: group.country, locale: language.locale) {
            context["place"] = place
        }
        if let members = value.members { context["members"] = GroupsPage.members(members, language) }
        if let gone = group.goneSince {
            context["gone"] = language.localized(
                "Gone since {date}: left its network or list, or deleted", ["date": formatting.date(gone)])
        }
        if !group.formerUrlnames.isEmpty { context["formerNames"] = group.formerUrlnames.joined(separator: ", ") }
        if let thisYear = value.thisYear { context["thisYear"] = Self.year(thisYear, language) }
        if !value.upcoming.isEmpty {
            context["upcoming"] = [
                "items": value.upcoming.map { event in
                    [
                        "date": formatting.date(event.start), "title": TextCleaning.singleLine(event.title),
                        "url": "<../\(SitePaths.eventPage(event.id)).html>",
                    ]
                }
            ]
        }
        var charts: [String: String] = [:]
        if let first = value.quarters.first {
            let label = language.localized(
                "{group}: events per quarter since {quarter}",
                ["group": TextCleaning.singleLine(group.name), "quarter": first.quarter])
            let chartPath = "charts/\(path).svg"
            charts[chartPath] = BarChart.svg(
                value.quarters.map { ($0.quarter, $0.count) }, label: label, lastUnderWay: true)
            context["chart"] = "<../\(chartPath)>"
            context["chartLabel"] = label
            var byYear: [Int: [ArchivedEvent]] = [:]
            for event in past {
                byYear[CommunityRecord.year(of: event.start.date, in: zone), default: []].append(event)
            }
            context["years"] = byYear.keys.sorted(by: >).map { year in
                let events = byYear[year] ?? []
                return [
                    "year": "\(year)", "events": language.number(events.count),
                    "going": language.number(events.compactMap(\.going).reduce(0, +)),
                ]
            }
            context["past"] = byYear.keys.sorted(by: >).map { year in
                [
                    "year": "\(year)",
                    "entries": (byYear[year] ?? []).reversed().map { event in
                        var entry = names.entry(RecordEntry(single: event))
                        if let count = value.networkGroups[event.id] {
                            entry["network"] = language.plural(count - 1, "{count} other group", "{count} other groups")
                        }
                        return entry
                    },
                ] as [String: Any]
            }
        }
        let markdown = shared.templates.render("group.md", context)
        let html = PageFiles.layout(
            markdown: markdown, title: "\(TextCleaning.singleLine(group.name)) · \(input.settings.title)", path: path,
            description: "\(TextCleaning.singleLine(group.name)): \(context["activity"] as? String ?? "")",
            root: "../", feed: SitePaths.siteFeed, feedTitle: input.settings.title, charts: charts,
            pageKind: "group", shared: shared, formatting: formatting)
        // The chart also as a file: the Markdown page links it.
        let chartFiles = charts.keys.sorted().compactMap { key in charts[key].map { SiteFile.text(key, $0) } }
        return chartFiles + [.text(path + ".md", markdown), .text(path + ".html", html)]
    }

    /// "Last event 14 Mar 2026 · quiet since then · next 5 Dec 2026": dates, not "N days ago",
    /// so the page changes when the group does, not every night.
    /// The year so far, against last year to the end of the same month.
    static func year(_ year: GroupYear, _ language: SiteLanguage) -> [String: Any] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = language.locale
        let month = { (number: Int) in calendar.standaloneMonthSymbols[number - 1] }
        let last = language.localized(
            "{year} to the end of {month}", ["year": String(year.year - 1), "month": month(year.throughMonth)])
        func against(_ now: Int, _ before: Int) -> String {
            "\(language.number(now)) (\(last): \(language.number(before)))"
        }
        var items = [
            ["label": language.localized("Events"), "value": against(year.events, year.eventsLastYear)],
            ["label": language.localized("People going"), "value": against(year.going, year.goingLastYear)],
        ]
        // Worth saying when a month stands out: two events or more.
        if let top = year.busiestMonths.first, top.events > 1 {
            let months = year.busiestMonths.prefix(3).map { "\(month($0.month)) (\(language.number($0.events)))" }
            items.append(["label": language.localized("Busiest months"), "value": months.joined(separator: ", ")])
        }
        return ["year": "\(year.year)", "items": items]
    }

    static func activity(_ value: GroupPage, formatting: EventFormatting) -> String {
        let language = formatting.language
        if value.past.isEmpty, value.upcoming.isEmpty { return language.localized("No event yet") }
        var parts: [String] = []
        if let last = value.past.last(where: { !$0.isCancelled }) {
            parts.append(language.localized("Last event {date}", ["date": formatting.date(last.start.date)]))
            if value.isQuiet { parts.append(language.localized("quiet since then")) }
        } else {
            parts.append(language.localized("No past event in the record"))
        }
        if let next = value.upcoming.first {
            parts.append(language.localized("next {date}", ["date": formatting.date(next.start)]))
        }
        // The count the groups report gives too (`CommunityRecord.GroupPast`): a cancelled one is listed, not counted.
        let held = CommunityRecord.GroupPast(events: value.past).count
        parts.append(language.plural(held, "{count} past event in the record", "{count} past events in the record"))
        return parts.joined(separator: " · ")
    }

    /// A former address of a renamed group: a page that leads to its page now.
    private func redirect(from former: String, to urlname: String, language: SiteLanguage) -> SiteFile {
        let target = "\(SitePaths.groupPage(urlname).dropFirst("groups/".count)).html"
        // The catalogue's words are checked to add no markup.
        let text = language.localized(
            "This group's page is now {link}.", ["link": "<a href=\"\(target)\">\(target)</a>"])
        let html = """
            <!DOCTYPE html>
            <html lang="\(language.tag)"><head><meta charset="utf-8"><title>\(language.localized("Moved"))</title>
            <meta http-equiv="refresh" content="0; url=\(target)"><link rel="canonical" href="\(target)"></head>
            <body><p>\(text)</p></body></html>

            """
        return .text(SitePaths.groupPage(former) + ".html", html)
    }
}
