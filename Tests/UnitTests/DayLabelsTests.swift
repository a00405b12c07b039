import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupSupport
import Testing

@Suite("Day labels")
struct DayLabelsTests {
    /// "Today", "Tomorrow" and "This weekend" from the run's moment in the site's zone.
    @Test func relativeLabelsFollowTheSitesClock() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let query = EventQuery(id: "q", title: "Q", keyword: "k", latitude: 0, longitude: 0)
        func headings(now: String) -> [String] {
            let config = ReportConfig(
                siteTitle: "S", baseURL: URL(string: "https://x.org/")!, timeZone: zone,
                source: .snapshot(directory: URL(fileURLWithPath: "/")), queries: [query],
                outputDirectory: URL(fileURLWithPath: "/u"), cacheDirectory: URL(fileURLWithPath: "/u"))
            let contexts = PageContexts(
                input: SiteInput(
                    settings: SiteSettings(config), fetched: FetchedEvents(outcomes: []), thumbnails: [:],
                    generatedAt: ISO8601.parseDateTime(now)!.date))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return (26...30).map { day in
                contexts.dayHeading(calendar.date(from: DateComponents(year: 2026, month: 11, day: day)) ?? Date())
                    .components(separatedBy: " · ").dropLast().joined()
            }
        }
        // Thursday 26 Nov 2026, 23:30 in Berlin (22:30 UTC): Thursday is still today there.
        #expect(headings(now: "2026-11-26T22:30:00Z") == ["Today", "Tomorrow", "This weekend", "This weekend", ""])
        #expect(
            headings(now: "2026-11-28T09:00:00Z") == ["", "", "Today", "Tomorrow", ""],
            "Saturday: today and tomorrow first")
        #expect(headings(now: "2026-11-30T09:00:00Z") == ["", "", "", "", "Today"])
    }

    /// Santiago's clocks go from 00:00 to 01:00 on Sunday, 6 September 2026: that Sunday, Monday
    /// is tomorrow. Counting the time from Sunday's start (01:00) to Monday's (00:00) as days
    /// made it zero, and every day of the week read one day early ("Today" on Monday's events).
    @Test func aDayThatBeginsAtOneLeadsToTomorrow() throws {
        let zone = try #require(TimeZone(identifier: "America/Santiago"))
        let sunday = try #require(ISO8601.parseDateTime("2026-09-06T12:00:00-03:00")).date
        let labels = DayLabels(now: sunday, zone: zone, language: .english)
        let day = { (text: String) in try #require(ISO8601.parseDateTime(text)).date }
        #expect(labels.label(of: try day("2026-09-05T23:30:00-04:00")) == nil, "Saturday")
        #expect(labels.label(of: try day("2026-09-06T01:00:00-03:00")) == "Today")
        #expect(labels.label(of: try day("2026-09-07T00:00:00-03:00")) == "Tomorrow")
        #expect(labels.label(of: try day("2026-09-07T18:30:00-03:00")) == "Tomorrow")
        #expect(labels.label(of: try day("2026-09-08T18:30:00-03:00")) == nil)
        #expect(labels.label(of: try day("2026-09-12T18:30:00-03:00")) == nil, "on a Sunday, the weekend is today")
    }

    /// The labels found by comparing instants are the calendar's, asked every time: every 11 h
    /// 13 min of a year (every time of day in turn), against days every 5 h 17 min from two
    /// days before to nine after, in zones whose clocks change at midnight (Santiago, Havana), at 02:00
    /// (Berlin), by half an hour (Lord Howe) or never (UTC), and across a date line (Apia).
    @Test func labelsAreTheCalendarsAskedEveryTime() throws {
        let zones = [
            "Europe/Berlin", "America/Santiago", "America/Havana", "Australia/Lord_Howe", "Pacific/Apia", "UTC",
        ]
        let start = try #require(ISO8601.parseDateTime("2026-01-01T00:00:00Z")).date
        var compared = 0, labelled = 0
        var wrong: [String] = []
        for name in zones {
            let zone = try #require(TimeZone(identifier: name))
            for step in 0..<(365 * 24 * 60 / 673) {
                let now = start.addingTimeInterval(Double(step) * 673 * 60)
                let labels = DayLabels(now: now, zone: zone, language: .english)
                for minutes in stride(from: -48 * 60, to: 9 * 24 * 60, by: 317) {
                    let day = now.addingTimeInterval(Double(minutes) * 60)
                    let expected = Self.calendarLabel(of: day, now: now, zone: zone)
                    if labels.label(of: day) != expected { wrong.append("\(name): \(day) at \(now)") }
                    compared += 1
                    if expected != nil { labelled += 1 }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ, first \(wrong.prefix(3))")
        #expect(compared > 200_000 && labelled > 40_000, "\(compared) compared, \(labelled) labelled")
    }

    /// The calendar asked for each day: days apart as their dates are (the local dates, laid
    /// out in UTC), not as the time from one's start to the other's, which the renderer counted
    /// before `DayLabels` (a day that begins at 01:00 is 23 hours from the next one's start:
    /// zero days).
    private static func calendarLabel(of day: Date, now: Date, zone: TimeZone) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: now)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? zone
        let date = { (instant: Date) -> Double in
            utc.date(from: calendar.dateComponents([.year, .month, .day], from: instant))?.timeIntervalSince1970 ?? 0
        }
        let days = Int(((date(day) - date(now)) / 86_400).rounded())
        let toSunday = (8 - calendar.component(.weekday, from: today)) % 7
        let weekend = calendar.isDateInWeekend(day) && days >= 0 && days <= toSunday
        return days == 0 ? "Today" : days == 1 ? "Tomorrow" : weekend ? "This weekend" : nil
    }
}
