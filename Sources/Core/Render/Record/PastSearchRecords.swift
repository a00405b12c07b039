import Foundation
import MeetupModel
import MeetupSupport

/// The record's past events in the search: one record per past entry (a network event once),
/// marked past (a "when" filter, "(past)" after its date), leading to its own page.
extension SearchRecords {
    package static func past(
        _ record: CommunityRecord, now: Date, timeZone: TimeZone, language: SiteLanguage, folder: String = ""
    ) -> [Record] {
        let formatting = EventFormatting(siteTimeZone: timeZone, language: language)
        let past = language.localized("Past")
        var records: [Record] = []
        for entry in CommunityRecord.entries(record.past(at: now)) {
            let event = entry.event
            let date = language.localized("{date} (past)", ["date": formatting.date(event.start.date)])
            let groups = entry.groups.map { TextCleaning.singleLine($0.name) }.joined(separator: ", ")
            var html =
                "<!DOCTYPE html><html lang=\"\(language.tag)\"><head><meta charset=\"utf-8\"><title>\(escape(event.title))</title>"
                // Weighted below an upcoming event's record (an h1 weighs 7 there, text 1): a past event
                // matches as well, and comes after the upcoming ones that match as well.
                + "</head>\n<body data-pagefind-body>\n"
                + "<h1 data-pagefind-meta=\"title\" data-pagefind-weight=\"3\">\(escape(event.title))</h1>\n"
                + attribute("path", "\(folder)\(SitePaths.eventPage(event.id)).html") + attribute("date", date)
            if !groups.isEmpty { html += attribute("group", groups) }
            html +=
                "<p data-pagefind-weight=\"0.5\">\(escape(date)) · \(escape(RecordFormatting.place(event, language))) · "
                + "\(escape(groups))</p>\n"
                + "<span data-pagefind-filter=\"when\">\(escape(past))</span>\n</body></html>\n"
            records.append(
                Record(
                    name: (folder.isEmpty ? "" : folder.dropLast() + "-") + "past-"
                        + ContentHash.sha256Hex(event.countingKey).prefix(24) + ".html", html: html,
                    start: event.start.date))
        }
        return records.sorted { $0.name < $1.name }
    }
}
