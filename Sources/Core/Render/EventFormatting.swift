import Foundation
import MeetupModel
import MeetupSupport

/// Human-readable times, venues and counts. An event's time is shown in its own
/// UTC offset (a meetup in Lagos starts at 09:00 Lagos time wherever the reader is),
/// while days are grouped in the site's configured zone.
/// Dates are written as the site's language writes them: each format is a skeleton
/// ("EEEdMMM": weekday, day, month) that ICU's locale data orders and punctuates
/// ("Thu 3 Dec", "jue, 3 dic", "Do. 3. Dez."); a date and a time are joined by a comma.
/// Not thread-safe: one instance per rendering pass (DateFormatter is costly to make).
package final class EventFormatting {
    let siteTimeZone: TimeZone
    package let language: SiteLanguage
    private var formatters: [String: DateFormatter] = [:]
    private var patterns: [String: String] = [:]
    private let calendar: Calendar

    package init(siteTimeZone: TimeZone, language: SiteLanguage) {
        self.siteTimeZone = siteTimeZone
        self.language = language
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = siteTimeZone
        self.calendar = calendar
    }

    /// The language's pattern for a skeleton, or for a date skeleton and a time one joined
    /// ("EEEdMMM|HHmm" → "EEEdMMM|HHmm").
    private func pattern(_ skeleton: String) -> String {
        if let pattern = patterns[skeleton] { return pattern }
        let parts = skeleton.split(separator: "|").map { part in
            DateFormatter.dateFormat(fromTemplate: String(part), options: 0, locale: language.locale) ?? String(part)
        }
        let pattern = parts.joined(separator: ", ")
        patterns[skeleton] = pattern
        return pattern
    }

    /// A formatter for a skeleton in the language (`pattern(_:)`).
    private func formatter(_ skeleton: String, _ zone: TimeZone) -> DateFormatter {
        formatter(pattern: pattern(skeleton), zone, locale: language.locale)
    }

    /// "20261203": a day's identity, in no language.
    private func dayKey(_ zone: TimeZone) -> DateFormatter {
        formatter(pattern: "yyyyMMdd", zone, locale: Self.posix)
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    private func formatter(pattern: String, _ zone: TimeZone, locale: Locale) -> DateFormatter {
        let key = "\(pattern)|\(zone.identifier)|\(zone.secondsFromGMT())"
        if let formatter = formatters[key] { return formatter }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        formatters[key] = formatter
        return formatter
    }

    /// The day `siteDay(of:)` found last: list pages ask for every event's day in date order,
    /// so most answers are the day before them. Every list page's key is made from its context
    /// every night, and Foundation's `startOfDay` (ICU) was 289 of 6,029 perf samples of a W2
    /// night's re-run.
    private var lastDay: DateInterval?

    /// The start of the event's day in the site's zone, for grouping.
    package func siteDay(of date: Date) -> Date {
        if let lastDay, lastDay.start <= date, date < lastDay.end { return lastDay.start }
        guard let day = calendar.dateInterval(of: .day, for: date) else { return calendar.startOfDay(for: date) }
        lastDay = day
        return day.start
    }

    /// "December 2026" for "2026-12".
    func monthHeading(_ month: String) -> String {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2, let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: 15))
        else { return month }
        return formatter("MMMMyyyy", siteTimeZone).string(from: date)
    }

    /// "Saturday 21 September 2019"
    package func dayHeading(_ day: Date) -> String {
        formatter("EEEEdMMMMyyyy", siteTimeZone).string(from: day)
    }

    /// An event's time under its day's heading, where the page has said the site's zone once:
    /// "18:00–20:00", the date only when the event's own day differs from the heading's, its
    /// offset only when it differs from the site's ("12:00–13:00 (UTC−05:00)"); "All day".
    package func timeUnderDayHeading(of event: Event) -> String {
        if event.isAllDay {
            guard let last = event.allDayLastDay else { return language.localized("All day") }
            return language.localized(
                "All day, until {date}", ["date": formatter("EEEdMMM", Self.utc).string(from: last)])
        }
        let zone = TimeZone(secondsFromGMT: event.start.utcOffsetSeconds) ?? siteTimeZone
        let day = dayKey(zone)
        let sameDay =
            day.string(from: event.start.date) == dayKey(siteTimeZone).string(from: event.start.date)
        var text = formatter(sameDay ? "HHmm" : "EEEdMMM|HHmm", zone).string(from: event.start.date)
        if let end = event.end, end.date > event.start.date {
            let endsSameDay = day.string(from: end.date) == day.string(from: event.start.date)
            text += "–" + formatter(endsSameDay ? "HHmm" : "EEEdMMM|HHmm", zone).string(from: end.date)
        }
        if event.start.utcOffsetSeconds != siteTimeZone.secondsFromGMT(for: event.start.date) {
            text += " (\(Self.offsetName(event.start.utcOffsetSeconds)))"
        }
        return text
    }

    /// On a card, which has no day heading: "Tue 1 Dec, 18:00", the offset only when it is not the site's.
    package func cardTime(of event: Event) -> String {
        if event.isAllDay { return eventTime(of: event) }
        let zone = TimeZone(secondsFromGMT: event.start.utcOffsetSeconds) ?? siteTimeZone
        let text = formatter("EEEdMMM|HHmm", zone).string(from: event.start.date)
        return event.start.utcOffsetSeconds == siteTimeZone.secondsFromGMT(for: event.start.date)
            ? text : text + " (\(Self.offsetName(event.start.utcOffsetSeconds)))"
    }

    /// "Central European Time", said once on a page whose times are the site's.
    /// Asked by every query page; ICU's name lookup was 100 of 6,029 perf samples of a W2 re-run.
    package private(set) lazy var siteZoneName: String =
        siteTimeZone.localizedName(for: .generic, locale: language.locale) ?? siteTimeZone.identifier

    /// An event's time as the pages say it: `eventTime(start:end:)`, or for a whole-day event
    /// "Sat 12 Dec, all day" ("Sat 12 – Mon 14 Dec, all day" over several days).
    package func eventTime(of event: Event, withEnd: Bool = true) -> String {
        guard event.isAllDay else { return eventTime(start: event.start, end: withEnd ? event.end : nil) }
        let days = event.allDayDays
        let first = formatter("EEEdMMM", Self.utc).string(from: days.first)
        guard let last = event.allDayLastDay else { return language.localized("{date}, all day", ["date": first]) }
        return language.localized(
            "{date}, all day", ["date": first + " – " + formatter("EEEdMMM", Self.utc).string(from: last)])
    }

    private static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// The days of a whole-day event as iCalendar DATE values: its first, and the day after its last.
    package static func allDayDates(of event: Event) -> (start: String, end: String) {
        let days = event.allDayDays
        return (iCalendarDate(days.first), iCalendarDate(days.dayAfterLast))
    }

    private static func iCalendarDate(_ utcMidnight: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let parts = calendar.dateComponents([.year, .month, .day], from: utcMidnight)
        return String(format: "%04d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// "Sat 21 Sep, 09:00–16:00 (UTC+01:00)" in the event's own offset.
    /// With `year`, "Sat 21 Sep 2019, 09:00–16:00 (UTC+01:00)" (an event's own page, read for years).
    package func eventTime(start: ZonedDate, end: ZonedDate?, year: Bool = false) -> String {
        let zone = TimeZone(secondsFromGMT: start.utcOffsetSeconds) ?? TimeZone(identifier: "UTC") ?? siteTimeZone
        var text = formatter(year ? "EEEdMMMyyyy|HHmm" : "EEEdMMM|HHmm", zone).string(from: start.date)
        if let end, end.date > start.date {
            let sameDay =
                dayKey(zone).string(from: start.date)
                == dayKey(zone).string(from: end.date)
            text += "–" + formatter(sameDay ? "HHmm" : "EEEdMMM|HHmm", zone).string(from: end.date)
        }
        return text + " (\(Self.offsetName(start.utcOffsetSeconds)))"
    }

    /// "5 Dec 2026" in the site's zone.
    package func date(_ date: Date) -> String {
        formatter("dMMMyyyy", siteTimeZone).string(from: date)
    }

    /// "22 Nov 2026, 19:00 CET" in the site's zone.
    package func generatedAt(_ date: Date) -> String {
        formatter("dMMMyyyy|HHmmzzz", siteTimeZone).string(from: date)
    }

    static func offsetName(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let magnitude = abs(seconds)
        return String(format: "UTC%@%02d:%02d", seconds < 0 ? "−" : "+", magnitude / 3600, magnitude % 3600 / 60)
    }

    /// "Factory Berlin, Berlin" as the organisers name it; "Online" and "Location to be
    /// announced" in the site's language.
    package func location(of event: Event) -> String {
        Self.location(of: EventPlace(of: event), in: language)
    }

    package func location(of place: EventPlace) -> String {
        Self.location(of: place, in: language)
    }

    package static func location(of event: Event, in language: SiteLanguage) -> String {
        location(of: EventPlace(of: event), in: language)
    }

    package static func location(of place: EventPlace, in language: SiteLanguage) -> String {
        guard place.venueName == nil else { return place.displayText }
        return place.isOnline ? language.localized("Online") : language.localized("Location to be announced")
    }

    /// A count in English, for what only the operator reads (the console, `check`); a page's
    /// counts are `SiteLanguage.plural`.
    package static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }
}
