import Foundation

/// A workload as a site a reader would get, replayed from files: the same API pages (with
/// `variety`), an iCalendar feed (weekly series with EXDATEs, all-day days, a VTIMEZONE),
/// search on, and curation rules (a word, a group, a distance, pins and a note). The checks
/// that look at a real-sized site (check-layout, check-browser, screenshots) read it.
/// No photos: the pages use the placeholder.
extension Workload {
    func writeSnapshotSite(into folder: URL, curation: Bool) throws {
        let manager = FileManager.default
        for (keyword, pages) in try pages(photoBase: URL(string: "http://127.0.0.1:9/photos")!, variety: true) {
            guard let query = (0..<queries).first(where: { self.keyword($0) == keyword }) else { continue }
            let directory = folder.appendingPathComponent("snapshot/queries/\(Self.siteQueryID(query))")
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            for (index, page) in pages.enumerated() {
                try page.write(to: directory.appendingPathComponent(String(format: "page-%03d.json", index + 1)))
            }
        }
        try Data(Self.campusCalendar().utf8).write(to: folder.appendingPathComponent("campus.ics"))
        // A network shaped like R-Ladies, with its years of past events to backfill: the
        // record's pages (groups, archive, reports) at their real size.
        try RecordBench.writeSnapshot(into: folder.appendingPathComponent("snapshot"), queryID: "rladies")
        var config: [String: Any] = [
            "title": "\(name) Berlin", "baseURL": "https://\(name.lowercased()).example.org/",
            "timeZone": "Europe/Berlin", "source": ["type": "snapshot", "directory": "snapshot"],
            "output": "Output", "cache": "cache", "state": "state",
            "queries": [["id": "rladies", "title": "R-Ladies", "network": RecordBench.network, "daysAhead": 60]]
                + (0..<queries).map { query -> [String: Any] in
                    var entry: [String: Any] = [
                        "id": Self.siteQueryID(query), "title": Self.siteQueryID(query).capitalized,
                        "keyword": keyword(query), "lat": 52.52,
                        "lon": 13.405, "radiusMiles": 25, "daysAhead": 60,
                    ]
                    if curation, query == 0 {
                        entry["curation"] = ["maxDistanceMiles": 10, "excludeGroups": ["bench-7"]]
                    }
                    return entry
                },
            "calendars": [["id": "campus", "title": "Campus events", "file": "campus.ics", "daysAhead": 60]],
            "history": ["enabled": true],
        ]
        if curation {
            config["curation"] = [
                "excludeWords": ["bootcamp", "crypto trading", "sponsor pitch", "hiring event", "café"],
                "minRSVPs": 2, "pinned": ["400000005", "400000011"],
                "notes": ["400000005": "Our own meetup: **come early** for [the workshop](https://example.org/w)."],
            ]
        }
        try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys]).write(
            to: folder.appendingPathComponent("config.json"))
    }

    /// The site's query ids (and file names), as a site of tech meetups would have them.
    static func siteQueryID(_ query: Int) -> String {
        let topics = [
            "swift", "rust", "python", "data", "ai", "ux", "devops", "cloud", "security", "go", "java", "kotlin",
            "web", "react", "mobile", "ml", "startup", "product", "design", "hardware",
        ]
        return query < topics.count ? topics[query] : "topic-\(query)"
    }

    /// 25 weekly series of 12 (each with one date excluded) and 19 all-day days, in Berlin time.
    static func campusCalendar() -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//meetup-report//bench//EN", "BEGIN:VTIMEZONE",
            "TZID:Europe/Berlin", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "BEGIN:DAYLIGHT",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "DTSTART:19700329T020000",
            "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT", "END:VTIMEZONE",
        ]
        for series in 0..<25 {
            let day = 23 + series % 7, hour = 17 + series % 4
            let excluded = (day + 28) % 31 == 0 ? 1 : (day + 28) % 31
            lines += [
                "BEGIN:VEVENT", "UID:series-\(series)@bench",
                String(format: "DTSTART;TZID=Europe/Berlin:202611%02dT%02d0000", day, hour),
                String(format: "DTEND;TZID=Europe/Berlin:202611%02dT%02d0000", day, hour + 2),
                "RRULE:FREQ=WEEKLY;COUNT=12",
                String(format: "EXDATE;TZID=Europe/Berlin:202612%02dT%02d0000", excluded, hour),
                "SUMMARY:Series \(series): \(words[series % words.count]) \(words[(series * 7) % words.count])",
                "DESCRIPTION:\(description(series).prefix(200).replacingOccurrences(of: "\n", with: "\\n"))",
                "LOCATION:Campus hall \(series)", "END:VEVENT",
            ]
        }
        for day in 1..<20 {
            lines += [
                "BEGIN:VEVENT", "UID:allday-\(day)@bench", String(format: "DTSTART;VALUE=DATE:202612%02d", day),
                String(format: "DTEND;VALUE=DATE:202612%02d", day + 1), "SUMMARY:Open lab day \(day)", "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
