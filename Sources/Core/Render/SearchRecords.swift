import Foundation
import MeetupModel
import MeetupSupport

/// What the search indexes: one small HTML record per event (never the site's pages, so
/// a search finds each event once, never the header, the feeds' pages or the 404), which
/// Pagefind reads from a folder of its own. Each record carries the event's own page
/// (`path`), its date and group (metadata shown with the result), and
/// filters by query and by month. The records are not published.
package enum SearchRecords {
    package struct Record: Sendable, Equatable, SearchShardItem {
        /// A file name inside the records folder.
        package var name: String
        package var html: String
        /// Its event's start: what decides its shard (`shards`).
        package var start: Date
        package var input: String { html }
    }

    /// The records of `events` (each with the queries that found it), in their order.
    /// - Parameter plainDescriptions: the render's plain texts by event id (each description
    ///   through cmark once); an event without one is parsed here.
    static func make(
        _ events: [(event: Event, queries: [EventQuery])], timeZone: TimeZone, language: SiteLanguage,
        folder: String = "", plainDescriptions: TextsByEvent
    ) -> [Record] {
        // On every core, each chunk with its own formatters (they are not thread-safe).
        let made = Parallel.chunks(of: Array(events.enumerated()), empty: [Int: Record]()) { part in
            let formatting = EventFormatting(siteTimeZone: timeZone, language: language)
            let days = LocalDays(timeZone)
            var monthLabels: [String: String] = [:]
            var records: [Int: Record] = [:]
            for (index, (event, queries)) in part {
                let monthKey = days.monthKey(of: event.start.date)
                let monthLabel = monthLabels[monthKey] ?? formatting.monthHeading(monthKey)
                monthLabels[monthKey] = monthLabel
                records[index] = record(
                    event, name: recordName(event, folder: folder),
                    path: "\(folder)\(SitePaths.eventPage(event.id)).html",
                    queries: queries, monthLabel: monthLabel,
                    plain: plainDescriptions[event.id] ?? PlainText.of(markdown: event.description),
                    formatting: formatting)
            }
            return records
        } merge: { all, part in
            all.merge(part) { first, _ in first }
        }
        return made.keys.sorted().compactMap { made[$0] }
    }

    private static func record(
        _ event: Event, name: String, path: String, queries: [EventQuery], monthLabel: String, plain: String,
        formatting: EventFormatting
    ) -> Record {
        // Formatted once: twice, it was a third of making W2's changed shard's records (perf).
        let time = formatting.eventTime(of: event)
        let title = escape(event.title)
        var html =
            "<!DOCTYPE html><html lang=\"\(formatting.language.tag)\"><head><meta charset=\"utf-8\"><title>\(title)</title></head>\n"
            + "<body data-pagefind-body>\n<h1 data-pagefind-meta=\"title\">\(title)</h1>\n"
            + attribute("path", path) + attribute("date", time)
        if let group = event.group { html += attribute("group", TextCleaning.singleLine(group.name)) }
        html +=
            "<p>\(escape(time)) · \(escape(formatting.location(of: event)))"
            + (event.group.map { " · " + escape(TextCleaning.singleLine($0.name)) } ?? "") + "</p>\n"
            + "<p>\(escape(plain))</p>\n"
        for query in queries { html += "<span data-pagefind-filter=\"query\">\(escape(query.title))</span>\n" }
        html += "<span data-pagefind-filter=\"month\">\(escape(monthLabel))</span>\n</body></html>\n"
        return Record(name: name, html: html, start: event.start.date)
    }

    /// Metadata from an attribute, so a value may hold commas (Pagefind splits inline `key:value` lists at them).
    static func attribute(_ key: String, _ value: String) -> String {
        "<span data-pagefind-meta=\"\(key)[data-value]\" data-value=\"\(escape(value))\"></span>\n"
    }

    static func escape(_ text: String) -> String { XMLEscaping.escape(TextCleaning.singleLine(text)) }
}
