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

/// Pure parts behind the fault-run fixes and the auth work:
/// paging rules, redaction, the throttle, text and header parsing.
@Suite("Paging rules, redaction, throttle")
struct PagingRedactionThrottleTests {
    /// Item 4, the cap: fresh cursors forever (no cycle to notice) stop at a page cap derived
    /// from the query's own cap, else the absolute one. Pure, so the endless server is a loop here.
    @Test func endlessFreshCursorsStopAtThePageCap() throws {
        var capped = PageWalk(maxEvents: 5)
        var step = PageWalk.Step.finished
        for page in 1...1_000 {
            // Each page brings an event already seen: the cap on events is never reached.
            let event = Event(
                id: "e", title: "E", start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
            step = capped.add(EventPage(events: [event], nextCursor: "cursor-\(page)", totalCount: 5))
            if step != .next(cursor: "cursor-\(page)") { break }
        }
        #expect(capped.pagesRead == 12, "5 events at 1 a page: 5 pages, doubled, plus 2")
        #expect(
            step
                == .failed(
                    reason: "stopped after 12 pages: more than this query can need (the query keeps at most 5 events)"))

        var uncounted = PageWalk(maxEvents: nil)
        for page in 1...1_000 {
            let event = Event(
                id: "e\(page)", title: "E", start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
            if case .failed = uncounted.add(EventPage(events: [event], nextCursor: "c\(page)")) { break }
        }
        #expect(uncounted.pagesRead == PageWalk.absolutePageCap)
    }

    /// In both recorded `groupSearch` answers `totalCount` is the page's size. A walk
    /// pages by `hasNextPage`: thirty real pages that each claim a count of one are all read.
    @Test func pagingFollowsHasNextPageNotTheCount() {
        var walk = PageWalk(maxEvents: nil)
        var step = PageWalk.Step.finished
        for page in 1...30 {
            let event = Event(
                id: "e\(page)", title: "E", start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
            step = walk.add(EventPage(events: [event], nextCursor: page < 30 ? "c\(page)" : nil, totalCount: 1))
            if case .failed = step { break }
        }
        #expect(step == .finished && walk.events.count == 30 && walk.pagesRead == 30)
    }

    @Test func theRedactorMasksKnownSecretsAndAnyBearerCredential() {
        let redactor = SecretRedactor(secrets: ["s3cr3t-token", "ab"])
        #expect(redactor.redact("token s3cr3t-token and s3cr3t-token") == "token [redacted] and [redacted]")
        #expect(redactor.redact("Authorization: bearer eyJhbGciOi.J9x_y-z==") == "Authorization: bearer [redacted]")
        #expect(redactor.redact("about abc") == "about abc", "secrets under 4 characters are not masked")
    }

    @Test func theThrottleHoldsTheRatePerMinute() {
        var throttle = RequestThrottle(limit: 500)
        // 1,200 requests ready at once, at t = 0 s.
        let slots = (0..<1_200).map { _ in throttle.reserve(at: 0) }
        #expect(slots.prefix(500).allSatisfy { $0 == 0 })
        #expect(slots[500] == 60 && slots[999] == 60 && slots[1_000] == 120)
        // Any 60-second window holds at most 500 sends.
        for start in stride(from: 0.0, through: 180, by: 7.5) {
            #expect(slots.filter { $0 >= start && $0 < start + 60 }.count <= 500, "window at \(start) s")
        }
        // Spread-out requests are never delayed.
        var relaxed = RequestThrottle(limit: 500)
        #expect((0..<2_000).allSatisfy { relaxed.reserve(at: Double($0) * 0.2) == Double($0) * 0.2 })
    }
}

@Suite("JSON writing")
struct JSONWritingTests {
    /// The byte-run writer escapes exactly what the per-scalar one did.
    @Test func stringsAreEscapedAsBeforeAndReadBack() throws {
        let text = "plain \"quoted\" back\\slash\n\r\t\u{1}\u{1F} é 😀 \u{2028}\u{2029} end"
        let written = JSONValue.string(text).compactJSON
        #expect(written == "\"plain \\\"quoted\\\" back\\\\slash\\n\\r\\t\\u0001\\u001f é 😀 \\u2028\\u2029 end\"")
        #expect(try JSONValue.parse(Data(written.utf8)) == .string(text))
        #expect(JSONValue.string("").compactJSON == "\"\"")
    }

    /// Escapes decoded into one byte buffer: the same text as before, lone
    /// surrogates replaced, raw UTF-8 between escapes kept.
    @Test func escapesAreDecoded() throws {
        let json = #""é\n\t\"q\" \\ \/ \u00e9\ud83d\ude00 lone \ud800x \udc00 pair-broken \ud83d\u0041 end😀""#
        let expected = "é\n\t\"q\" \\ / é😀 lone \u{FFFD}x \u{FFFD} pair-broken \u{FFFD}A end😀"
        #expect(try JSONValue.parse(Data(json.utf8)) == .string(expected))
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data("\"a\\qb\"".utf8)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data("\"a\\nb\u{01}\"".utf8)) }
    }
}

@Suite("Per-event calendar links")
struct EventCalendarLinkTests {
    @Test func theGoogleLinkCarriesTheTitleAndUTCTimesWhateverTheTitleHolds() throws {
        let start = try #require(ISO8601.parseDateTime("2026-12-01T19:00:00+01:00"))
        let event = Event(
            id: "../../etc/passwd", title: "Rust & C++ = fun?\n#1", start: start,
            eventURL: URL(string: "https://www.meetup.com/x/events/1/"))
        let url = try #require(EventCalendarLinks.googleCalendar(event, details: "Talks & pizza"))
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        let values = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(url.host == "calendar.google.com" && values["action"] == "TEMPLATE")
        #expect(values["text"] == "Rust & C++ = fun?\n#1", "every reserved character survives the round trip")
        #expect(values["dates"] == "20261201T180000Z/20261201T200000Z", "UTC, two hours without an end")
        #expect(values["details"] == "Talks & pizza\n\nhttps://www.meetup.com/x/events/1/")
        #expect(!url.absoluteString.contains("+"), "a + would read as a space")
        #expect(
            EventCalendarLinks.icsPath(event).hasPrefix("events/") && !EventCalendarLinks.icsPath(event).contains(".."),
            "the id never becomes a path")
    }
}

@Suite("Text and header parsing from the code review")
struct ParsingReviewTests {
    @Test func characterReferencesAreDecoded() {
        #expect(
            TextCleaning.plainText("It&#8217;s a caf&eacute; &#x1F600; &hellip; &euro;5 &apos;x&apos;")
                == "It’s a café 😀 … €5 'x'")
        #expect(TextCleaning.plainText("AT&T &bogus; &#xD800; &#0; &amp") == "AT&T &bogus; \u{FFFD} \u{FFFD} &amp")
    }

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
