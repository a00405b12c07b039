import Foundation
import MeetupModel
import MeetupSupport

/// `archive/index` and `archive/<year>` (paged): every past event of the record by year and
/// month, newest first, a network event once with its groups; the index lists the years.
/// Each page is an item of the render memo keyed by its own Markdown: a night on which an event
/// passes lays out this year's pages and the index, not every year's (laying out all of
/// them was a tenth of a W2 snapshot night with the R-Ladies record under `perf`).
struct ArchivePages: KeyedSiteGenerator {
    /// Entries on one page of a year (a busy network's year is paged like the month pages).
    static let pageSize = 200

    func items(_ shared: RenderShared, keys: RenderKeys) -> [KeyedItem] {
        guard let record = shared.input.record else { return [] }
        let settings = shared.input.settings
        let zone = settings.timeZone
        let past = record.past(at: shared.input.generatedAt)
        guard !past.isEmpty else { return [] }
        let formatting = EventFormatting(siteTimeZone: zone, language: settings.language)
        let language = settings.language
        var byYear: [Int: [RecordEntry]] = [:]
        for entry in CommunityRecord.entries(past) {
            byYear[CommunityRecord.year(of: entry.event.start.date, in: zone), default: []].append(entry)
        }
        let years = byYear.keys.sorted(by: >)
        var items = [
            item(
                SitePaths.archive, title: language.localized("Archive") + " · \(settings.title)", shared: shared,
                keys: keys,
                context: [
                    "heading": language.localized("The archive"), "reports": "<../reports/index.html>",
                    "summary": language.plural(
                        byYear.values.map(\.count).reduce(0, +), "{count} past event since {date}",
                        "{count} past events since {date}", ["date": formatting.date(past[0].start.date)]),
                    "years": [
                        "items": years.map { year in
                            let entries = byYear[year] ?? []
                            return [
                                "year": "\(year)", "link": "<\(year).html>",
                                "events": language.number(entries.count),
                                "going": language.number(entries.compactMap(\.going).reduce(0, +)),
                            ] as [String: Any]
                        }
                    ],
                ])
        ]
        for year in years {
            items += yearPages(
                year, entries: (byYear[year] ?? []).reversed(), shared: shared, keys: keys, formatting: formatting)
        }
        return items
    }

    /// A year's pages. Each one's key is its Mustache context (`ContextKey`), worked out every
    /// night; its Markdown and layout only when the key changed: rendering every year's
    /// Markdown to key it was 3.6 % of a W2 snapshot night's CPU with the R-Ladies record (perf).
    private func yearPages(
        _ year: Int, entries: [RecordEntry], shared: RenderShared, keys: RenderKeys, formatting: EventFormatting
    ) -> [KeyedItem] {
        let pages = stride(from: 0, to: entries.count, by: Self.pageSize).map {
            YearPage(
                year: year, all: entries.count, index: $0 / Self.pageSize,
                entries: entries[$0..<min($0 + Self.pageSize, entries.count)],
                count: (entries.count + Self.pageSize - 1) / Self.pageSize)
        }
        let settings = shared.input.settings
        let months = YearPage.monthFormatter(settings.timeZone, settings.language)
        return pages.map { page in
            let path = SitePaths.archiveYear(year, page: page.index + 1)
            let title = settings.language.localized("Archive {year}", ["year": String(year)]) + " · \(settings.title)"
            var key = ContentHash.Builder(keys.site, "archive year page 1", path, title)
            ContextKey.add(page.context(formatting: formatting, months: months), to: &key)
            return KeyedItem(item: RenderItem(id: path, key: key.hex(), order: Int.max - 1)) { formatting in
                let context = page.context(
                    formatting: formatting, months: YearPage.monthFormatter(settings.timeZone, settings.language))
                let markdown = shared.templates.render("archive.md", context)
                let html = PageFiles.layout(
                    markdown: markdown, title: title, path: path, description: page.summary(settings.language),
                    root: "../",
                    feed: SitePaths.siteFeed, feedTitle: settings.title, pageKind: "archive", shared: shared,
                    formatting: formatting)
                return [.text(path + ".md", markdown), .text(path + ".html", html)]
            }
        }
    }

    /// One page: its Markdown made now (it is the key), its layout only when the key changed.
    private func item(
        _ path: String, title: String, shared: RenderShared, keys: RenderKeys, context: [String: Any]
    ) -> KeyedItem {
        let settings = shared.input.settings
        let markdown = shared.templates.render("archive.md", context)
        let summary = (context["summary"] as? String) ?? ""
        let key = ContentHash.Builder(keys.site, "archive page 1", path, title, summary, markdown)
        return KeyedItem(item: RenderItem(id: path, key: key.hex(), order: Int.max - 1)) { formatting in
            let html = PageFiles.layout(
                markdown: markdown, title: title, path: path, description: summary, root: "../",
                feed: SitePaths.siteFeed, feedTitle: settings.title, pageKind: "archive", shared: shared,
                formatting: formatting)
            return [.text(path + ".md", markdown), .text(path + ".html", html)]
        }
    }
}

/// One page of a year in the archive: its entries, newest first, by month.
private struct YearPage: Sendable {
    let year: Int
    /// The year's entries in all, this page's index and how many pages the year has.
    let all: Int, index: Int
    let entries: ArraySlice<RecordEntry>
    let count: Int

    func summary(_ language: SiteLanguage) -> String {
        language.plural(all, "{count} past event, newest first", "{count} past events, newest first")
    }

    /// "November 2026", "noviembre de 2026": the month's heading as the language writes it.
    static func monthFormatter(_ zone: TimeZone, _ language: SiteLanguage) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = language.locale
        formatter.timeZone = zone
        formatter.dateFormat = DateFormatter.dateFormat(fromTemplate: "MMMMyyyy", options: 0, locale: language.locale)
        return formatter
    }

    func context(formatting: EventFormatting, months formatter: DateFormatter) -> [String: Any] {
        let names = RecordFormatting(formatting: formatting, root: "../")
        var months: [(String, [[String: Any]])] = []
        for entry in entries {
            let month = formatter.string(from: entry.event.start.date)
            if months.last?.0 != month { months.append((month, [])) }
            months[months.count - 1].1.append(names.entry(entry))
        }
        var context: [String: Any] = [
            "heading": "\(year)", "summary": summary(formatting.language),
            "months": months.map { ["month": $0.0, "entries": $0.1] as [String: Any] },
        ]
        if count > 1 {
            let language = formatting.language
            var pager: [String: Any] = [
                "label": language.localized(
                    "Page {page} of {pages}", ["page": language.number(index + 1), "pages": language.number(count)])
            ]
            if index > 0 { pager["previous"] = "<\(SitePaths.archiveYear(year, page: index).dropFirst(8)).html>" }
            if index + 1 < count {
                pager["next"] = "<\(SitePaths.archiveYear(year, page: index + 2).dropFirst(8)).html>"
            }
            context["pager"] = pager
        }
        return context
    }
}
