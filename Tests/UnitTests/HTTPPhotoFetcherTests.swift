import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `HTTPPhotoFetcher.freshness`: how long a photo is used without asking again.
@Suite("Photo freshness from HTTP headers")
struct HTTPPhotoFetcherTests {
    @Test func expiresIsMeasuredFromDateOrFromWhenTheAnswerArrived() {
        let received = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date
        #expect(HTTPPhotoFetcher.freshness(["expires": "Sun, 22 Nov 2026 09:00:00 GMT"], receivedAt: received) == 3600)
        #expect(
            HTTPPhotoFetcher.freshness(
                ["expires": "Sun, 22 Nov 2026 09:00:00 GMT", "date": "Sun, 22 Nov 2026 08:30:00 GMT"],
                receivedAt: received) == 1800)
        #expect(
            HTTPPhotoFetcher.freshness(["expires": "0"], receivedAt: received) == 0, "an invalid date means expired")
        #expect(HTTPPhotoFetcher.freshness([:], receivedAt: received) == nil)
    }
}
