import Foundation

/// "Today", "Tomorrow", "This weekend" or nil for a day, from the run's moment in the site's
/// zone: the only way a list page depends on the clock (a page's key is its context, which holds
/// the labels of its days, not the moment: `SitePage.keys`).
///
/// The calendar is asked once, for the seven days that can have a label; a day is then found
/// by comparing instants. Asking it for every event of the coming week (a `Calendar` made, two
/// `startOfDay`, a day count) was 17 ms of 660 ms CPU on a W1 night with many events in the
/// week (29 Nov, perf): every list page's key asks for the labels of all its events, on every
/// night. `DayLabelsTests` compares it with the calendar asked every time, across a year of
/// instants in zones with DST at midnight.
package struct DayLabels: Sendable {
    /// The start of today and of each of the next seven days, in the zone; `labels[i]` is the
    /// label of the day from `starts[i]` to `starts[i + 1]`.
    private let starts: [Date]
    private let labels: [String?]

    package init(now: Date, zone: TimeZone, language: SiteLanguage) {
        let words = Self.words(language)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: now)
        // This week's Saturday and Sunday (Sunday is weekday 1): from today to the coming Sunday.
        let toSunday = (8 - calendar.component(.weekday, from: today)) % 7
        var starts = [today]
        var labels: [String?] = []
        for offset in 0..<7 {
            let day = starts[offset]
            // Noon of the day, then its start: a day that begins at 01:00 (DST at midnight) or
            // lasts 23 or 25 hours still leads to the next.
            let noon = day.addingTimeInterval(12 * 3_600)
            let next = calendar.date(byAdding: .day, value: 1, to: noon).map(calendar.startOfDay(for:))
            starts.append(next ?? day.addingTimeInterval(86_400))
            let weekend = calendar.isDateInWeekend(day) && offset <= toSunday
            labels.append(offset == 0 ? words.today : offset == 1 ? words.tomorrow : weekend ? words.weekend : nil)
        }
        self.starts = starts
        self.labels = labels
    }

    /// "Today" and "Tomorrow" as ICU names them in the language ("Hoy", "Morgen"), capitalised
    /// as a label starts; "This weekend" from the catalogue (ICU has no name for it). The words
    /// are asked for today and tomorrow of the wall clock, calendar days apart: only the words
    /// are used, never those days.
    private static func words(_ language: SiteLanguage) -> (today: String, tomorrow: String, weekend: String) {
        var style = Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide, locale: language.locale)
        style.capitalizationContext = .beginningOfSentence
        style.allowedFields = [.day]
        let calendar = Calendar(identifier: .gregorian)
        let now = Date()
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: now) ?? now.addingTimeInterval(86_400)
        return (style.format(now), style.format(tomorrow), language.localized("This weekend"))
    }

    /// The label of the day `date` falls on; nil before today and from a week on.
    package func label(of date: Date) -> String? {
        guard let first = starts.first, date >= first else { return nil }
        for index in labels.indices where date < starts[index + 1] { return labels[index] }
        return nil
    }
}
