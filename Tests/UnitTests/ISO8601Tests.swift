import Foundation
@testable import MeetupConfig
@testable import MeetupFetch
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `ISO8601`: the forms the API sends.
@Suite("ISO 8601")
struct ISO8601Tests {
    @Test func iso8601ParsesTheAPIForms() throws {
        let withSeconds = try #require(ISO8601.parseDateTime("2019-09-21T09:00:00+01:00"))
        #expect(ISO8601.formatUTC(withSeconds.date) == "2019-09-21T08:00:00Z")
        #expect(withSeconds.utcOffsetSeconds == 3600)
        #expect(ISO8601.parseDateTime("2025-11-29T14:00-03:00")?.utcOffsetSeconds == -10800)
        #expect(ISO8601.parseDateTime("2025-11-29T14:00:00.123Z")?.utcOffsetSeconds == 0)
        for bad in [
            "", "2025-13-01T00:00:00Z", "2025-11-29", "2025-11-29T14:00:00+1", "tomorrow", "2025-11-29T14:00:00Zjunk",
        ] {
            #expect(ISO8601.parseDateTime(bad) == nil, "\(bad)")
        }
        #expect(ISO8601.parseDuration("PT7H") == 25_200)
        #expect(ISO8601.parseDuration("PT1H30M") == 5_400)
        #expect(ISO8601.parseDuration("P1DT2H") == 93_600)
        #expect(ISO8601.parseDuration("7H") == nil)
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    /// A zoned moment written back in its own offset, as the API writes it (events.json, the record).
    @Test(arguments: [
        "2026-12-01T19:00:00+01:00", "2026-12-01T19:00:00Z", "2025-11-29T14:00:00-03:00",
        "2026-03-01T09:15:00+05:30", "2026-07-04T00:00:00-09:30", "2026-01-01T23:59:59+14:00",
    ])
    func aZonedMomentIsWrittenInItsOwnOffset(_ text: String) throws {
        let zoned = try #require(ISO8601.parseDateTime(text))
        #expect(ISO8601.format(zoned) == text)
    }
}
