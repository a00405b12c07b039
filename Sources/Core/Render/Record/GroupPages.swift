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
    /// keyed by everything the page shows: a night on which a group did nothing reuses its page.
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
        let quarter = CommunityRecord.quarters(of: [now], through: now, in: input.settings.timeZone).last?.quarter ?? ""
        // The year so far is counted by whole months: the page changes with the month.
        let month = LocalDays(input.settings.timeZone).monthKey(of: now)
        let (pages, alsoKeys) = CommunityRecord.onePerAddress(groups)
        return pages.map { group in
            let past = CommunityRecord.past(of: group, alsoKeys: alsoKeys[group.key] ?? [], in: pastByName).events
            let next = upcoming[group.urlname.lowercased()] ?? []
            let member = activity[group.urlname.lowercased()]
            var key = ContentHash.Builder(
                keys.site, "group page 2", quarter, month, shared.hasArchive ? "archive" : "-", group.key,
                group.urlname,
                group.name, group.city ?? "-", group.country ?? "-",
                group.goneSince.map { "\($0.timeIntervalSince1970)" } ?? "-",
                member?.members.map(String.init) ?? "-")
            key.add(group.formerUrlnames)
            key.add(next.map { keys.events[$0.id] ?? $0.id })
            for event in past {
                key.add([
                    event.id, event.title, "\(event.start.date.timeIntervalSince1970)",
                    event.going.map(String.init) ?? "-",
                    event.isCancelled ? "x" : "-", event.url?.absoluteString ?? "-",
                    event.networkEventID.flatMap { networkGroups[$0] }.map(String.init) ?? "-",
                ])
            }
            if let last = past.last(where: { !$0.isCancelled }), next.isEmpty {
                key.add(now.timeIntervalSince(last.start.date) > Double(Self.quietAfterDays) * 86_400 ? "quiet" : "-")
            }
            let path = SitePaths.groupPage(group.urlname)
            return KeyedItem(item: RenderItem(id: path, key: key.hex(), order: Int.max - 1)) { formatting in
                // Made on any core, with its run's formatting (not thread-safe).
                var files = page(
                    group, past: past, upcoming: next, activity: member, shared: shared,
                    formatting: formatting, networkGroups: networkGroups)
                for former in group.formerUrlnames
                where SitePaths.groupPage(former) != SitePaths.groupPage(group.urlname) {
                    files.append(redirect(from: former, to: group.urlname))
                }
                return files
            }
        }
    }

    private func page(
        _ group: ArchivedGroup, past: [ArchivedEvent], upcoming: [Event], activity: GroupActivity?,
        shared: RenderShared, formatting: EventFormatting, networkGroups: [String: Int]
    ) -> [SiteFile] {
        let input = shared.input
        let now = input.generatedAt
        let zone = input.settings.timeZone
        let names = RecordFormatting(formatting: formatting, root: "../")
        let path = SitePaths.groupPage(group.urlname)
        var context: [String: Any] = [
            "name": TextCleaning.singleLine(group.name),
            "meetup": WebURL.meetupGroup(group.urlname).map { "<\($0.absoluteString)>" } ?? false,
            "activity": Self.activity(past: past, upcoming: upcoming, now: now, formatting: formatting),
            "hasPast": !past.isEmpty,
        ]
        if let place = CountryNames.place(city: group.city, country: group.country) { context["place"] = place }
        if let members = activity?.members { context["members"] = NumberText.grouped(members) }
        if let gone = group.goneSince {
            context["gone"] = "Gone since \(formatting.date(gone)): left its network or list, or deleted"
        }
        if !group.formerUrlnames.isEmpty { context["formerNames"] = group.formerUrlnames.joined(separator: ", ") }
        if let thisYear = GroupYear(past: past, now: now, zone: zone) { context["thisYear"] = Self.year(thisYear) }
        if !upcoming.isEmpty {
            context["upcoming"] = [
                "items": upcoming.map { event in
                    [
                        "date": formatting.date(event.start.date), "title": TextCleaning.singleLine(event.title),
                        "url": "<../\(SitePaths.eventPage(event.id)).html>",
                    ]
                }
            ]
        }
        var charts: [String: String] = [:]
        if !past.isEmpty {
            let quarters = CommunityRecord.quarters(of: past.map(\.start.date), through: now, in: zone)
            let label = "\(TextCleaning.singleLine(group.name)): events per quarter since \(quarters[0].quarter)"
            let chartPath = "charts/\(path).svg"
            charts[chartPath] = BarChart.svg(quarters.map { ($0.quarter, $0.count) }, label: label, lastUnderWay: true)
            context["chart"] = "<../\(chartPath)>"
            context["chartLabel"] = label
            var byYear: [Int: [ArchivedEvent]] = [:]
            for event in past {
                byYear[CommunityRecord.year(of: event.start.date, in: zone), default: []].append(event)
            }
            context["years"] = byYear.keys.sorted(by: >).map { year in
                let events = byYear[year] ?? []
                return [
                    "year": "\(year)", "events": "\(events.count)",
                    "going": NumberText.grouped(events.compactMap(\.going).reduce(0, +)),
                ]
            }
            context["past"] = byYear.keys.sorted(by: >).map { year in
                [
                    "year": "\(year)",
                    "entries": (byYear[year] ?? []).reversed().map { event in
                        var entry = names.entry(RecordEntry(single: event))
                        if let network = Self.otherGroups(of: event, networkGroups) { entry["network"] = network }
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
    static func year(_ year: GroupYear) -> [String: Any] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = CountryNames.locale
        let month = { (number: Int) in calendar.standaloneMonthSymbols[number - 1] }
        let last = "\(year.year - 1) to the end of \(month(year.throughMonth))"
        var items = [
            ["label": "Events", "value": "\(year.events) (\(last): \(year.eventsLastYear))"],
            [
                "label": "People going",
                "value": "\(NumberText.grouped(year.going)) (\(last): \(NumberText.grouped(year.goingLastYear)))",
            ],
        ]
        // Worth saying when a month stands out: two events or more.
        if let top = year.busiestMonths.first, top.events > 1 {
            let months = year.busiestMonths.prefix(3).map { "\(month($0.month)) (\($0.events))" }
            items.append(["label": "Busiest months", "value": months.joined(separator: ", ")])
        }
        return ["year": "\(year.year)", "items": items]
    }

    static func activity(past: [ArchivedEvent], upcoming: [Event], now: Date, formatting: EventFormatting) -> String {
        if past.isEmpty, upcoming.isEmpty { return "No event yet" }
        var parts: [String] = []
        if let last = past.last(where: { !$0.isCancelled }) {
            let days = Int(now.timeIntervalSince(last.start.date) / 86_400)
            parts.append("Last event \(formatting.date(last.start.date))")
            if upcoming.isEmpty, days > quietAfterDays { parts.append("quiet since then") }
        } else {
            parts.append("No past event in the record")
        }
        if let next = upcoming.first { parts.append("next \(formatting.date(next.start.date))") }
        // The count the groups report gives too (`CommunityRecord.GroupPast`): a cancelled one is listed, not counted.
        let held = CommunityRecord.GroupPast(events: past).count
        parts.append(EventFormatting.count(held, "past event", "past events") + " in the record")
        return parts.joined(separator: " · ")
    }

    /// "13 other groups" for a network event held in other groups too; nil for an event of its own.
    static func otherGroups(of event: ArchivedEvent, _ networkGroups: [String: Int]) -> String? {
        guard let shared = event.networkEventID, let count = networkGroups[shared], count > 1 else { return nil }
        return EventFormatting.count(count - 1, "other group", "other groups")
    }

    /// A former address of a renamed group: a page that leads to its page now.
    private func redirect(from former: String, to urlname: String) -> SiteFile {
        let target = "\(SitePaths.groupPage(urlname).dropFirst("groups/".count)).html"
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Moved</title>
            <meta http-equiv="refresh" content="0; url=\(target)"><link rel="canonical" href="\(target)"></head>
            <body><p>This group's page is now <a href="\(target)">here</a>.</p></body></html>

            """
        return .text(SitePaths.groupPage(former) + ".html", html)
    }
}
