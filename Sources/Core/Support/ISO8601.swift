import Foundation

/// A moment together with the UTC offset it was written in, so an event can be
/// shown in its own local time while days are grouped in the site's zone.
package struct ZonedDate: Sendable, Hashable, Comparable, Encodable {
    package let date: Date
    package let utcOffsetSeconds: Int

    package init(date: Date, utcOffsetSeconds: Int) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    package static func < (lhs: ZonedDate, rhs: ZonedDate) -> Bool { lhs.date < rhs.date }
}

/// Strict, allocation-light parsing of the ISO 8601 forms the Meetup API emits.
/// `ISO8601DateFormatter` rejects some of them (no seconds) and is slow to create.
package enum ISO8601 {
    /// Parses `2019-09-21T09:00:00+01:00`, `2019-09-21T09:00+01:00`,
    /// `2025-11-29T14:00:00.000-03:00` and `...Z`. A missing offset means UTC.
    package static func parseDateTime(_ text: String) -> ZonedDate? {
        let scalars = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= scalars.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = scalars[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < scalars.count, scalars[index] == character else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2)
        else { return nil }
        guard index < scalars.count, scalars[index] == UInt8(ascii: "T") || scalars[index] == UInt8(ascii: " ") else {
            return nil
        }
        index += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2) else { return nil }
        var second = 0
        if expect(UInt8(ascii: ":")) {
            guard let parsed = number(2) else { return nil }
            second = parsed
            if expect(UInt8(ascii: ".")) {
                while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 { index += 1 }
            }
        }
        var offset = 0
        if index < scalars.count {
            if expect(UInt8(ascii: "Z")) {
                offset = 0
            } else {
                let sign: Int
                if expect(UInt8(ascii: "+")) {
                    sign = 1
                } else if expect(UInt8(ascii: "-")) {
                    sign = -1
                } else {
                    return nil
                }
                guard let offsetHours = number(2) else { return nil }
                _ = expect(UInt8(ascii: ":"))
                let offsetMinutes = number(2) ?? 0
                offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        guard index == scalars.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 61, abs(offset) <= 18 * 3600
        else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return ZonedDate(date: Date(timeIntervalSince1970: TimeInterval(seconds)), utcOffsetSeconds: offset)
    }

    /// Parses durations such as `PT7H`, `PT1H30M`, `P1DT2H`. Returns seconds.
    package static func parseDuration(_ text: String) -> TimeInterval? {
        var total: Double = 0
        var digits = ""
        var inTime = false
        var sawComponent = false
        var characters = text.makeIterator()
        guard characters.next() == "P" else { return nil }
        while let character = characters.next() {
            if character.isNumber || character == "." {
                digits.append(character)
                continue
            }
            if character == "T" { inTime = true; continue }
            guard let value = Double(digits) else { return nil }
            digits = ""
            sawComponent = true
            switch (character, inTime) {
            case ("W", false): total += value * 7 * 86_400
            case ("D", false): total += value * 86_400
            case ("H", true): total += value * 3600
            case ("M", true): total += value * 60
            case ("S", true): total += value
            default: return nil
            }
        }
        return sawComponent && digits.isEmpty ? total : nil
    }

    /// `2026-11-22T19:00:00Z`, the form the API's DateTime filters accept.
    package static func formatUTC(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let adjustedDays = secondOfDay < 0 ? days - 1 : days
        let adjustedSeconds = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, day) = civilFromDays(adjustedDays)
        // Hand-formatted: String(format:) dominated feed rendering in profiles.
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(adjustedSeconds / 3600, 2)):"
            + "\(padded(adjustedSeconds % 3600 / 60, 2)):\(padded(adjustedSeconds % 60, 2))Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// `2026-12-01T19:00:00+01:00`: the moment in its own offset, as the API writes it.
    package static func format(_ zoned: ZonedDate) -> String {
        let local = formatUTC(zoned.date.addingTimeInterval(TimeInterval(zoned.utcOffsetSeconds))).dropLast()
        guard zoned.utcOffsetSeconds != 0 else { return local + "Z" }
        let magnitude = abs(zoned.utcOffsetSeconds)
        // Hand-formatted as `formatUTC`: String(format:) was two thirds of this (perf, W2 night).
        return local + (zoned.utcOffsetSeconds < 0 ? "-" : "+") + padded(magnitude / 3600, 2) + ":"
            + padded(magnitude % 3600 / 60, 2)
    }

    // Howard Hinnant's days-from-civil algorithms: exact for the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
