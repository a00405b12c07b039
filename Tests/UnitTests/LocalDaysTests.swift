import Foundation
@testable import MeetupSupport
import Testing

/// `LocalDays`: a zone's days by arithmetic are Foundation's Gregorian calendar's, in zones with
/// odd offsets, half-hour daylight saving and a skipped day, over two centuries.
@Suite("Local days")
struct LocalDaysTests {
    static let zones = [
        "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Apia",
        "America/Sao_Paulo", "UTC", "Pacific/Kiritimati", "America/Adak",
    ]

    @Test(arguments: zones) func daysAndMonthsAreTheCalendars(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let days = LocalDays(zone)
        // Instants from 1900 to 2100 about three days apart (never at the same time of day), and
        // every 15 minutes around this zone's transitions in 2026.
        var instants = Array(stride(from: -2_208_988_800.0, through: 4_102_444_800, by: 260_017))
        // St. John's repeated hour before midnight, 25 Oct 1987 (UTC).
        instants += [562_125_020, 594_176_822]
        var transition = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 1_767_225_600))
        while let moment = transition, moment.timeIntervalSince1970 < 1_798_761_600 {
            instants += stride(from: -7_200.0, through: 7_200, by: 900).map { moment.timeIntervalSince1970 + $0 }
            transition = zone.nextDaylightSavingTimeTransition(after: moment)
        }
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let local = days.components(of: date)
            #expect(
                [local.year, local.month, local.day] == [parts.year, parts.month, parts.day],
                "\(zoneName) \(seconds)")
            // The same day as an hour later: Foundation's `startOfDay` is the truth, not its
            // `isDate(_:inSameDayAs:)`, which says two instants of a repeated hour before midnight
            // are different days (St. John's fell back at 00:01 until 2011).
            let later = Date(timeIntervalSince1970: seconds + 3_600)
            #expect(
                (days.day(of: date) == days.day(of: later))
                    == (calendar.startOfDay(for: date) == calendar.startOfDay(for: later)),
                "\(zoneName) \(seconds), offsets \(days.offset(at: date)) \(days.offset(at: later))")
        }
    }

    @Test func aMonthKeyIsPaddedAsAYearAndMonth() throws {
        let days = LocalDays(try #require(TimeZone(identifier: "Europe/Berlin")))
        // 31 Dec 2026 23:30 UTC is 1 Jan 2027 in Berlin.
        #expect(days.monthKey(of: Date(timeIntervalSince1970: 1_798_759_800)) == "2027-01")
        #expect(days.monthKey(of: Date(timeIntervalSince1970: -62_135_596_800 + 86_400 * 40)) == "0001-02")
        #expect(LocalDays.padded(7, 4) == "0007")
        #expect(LocalDays.padded(-7, 4) == "-007")
        #expect(LocalDays.civil(0) == (1970, 1, 1))
        #expect(LocalDays.civil(-1) == (1969, 12, 31))
        #expect(LocalDays.civil(20_512) == (2026, 2, 28))
    }
}
