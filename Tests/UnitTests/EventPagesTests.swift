import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

@Suite("An event's own page and its JSON-LD")
struct EventPagesTests {
    static let now = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date

    static func event(_ id: String, title: String = "Talk", online: Bool = false, hybrid: Bool = false) -> Event {
        var event = Event(
            id: id, title: title, start: ISO8601.parseDateTime("2026-12-01T19:00:00+01:00")!,
            end: ISO8601.parseDateTime("2026-12-01T21:00:00+01:00")!,
            eventURL: URL(string: "https://www.meetup.com/g/events/\(id)/"),
            description: "**Bring** a laptop.\n\nSecond paragraph </script>", rsvpCount: 12,
            venue: online && !hybrid
                ? nil
                : Venue(
                    name: "Betahaus", city: "Berlin", latitude: 52.5067, longitude: 13.3918, country: "de",
                    address: "Rudi-Dutschke-Str. 23", postalCode: "10969"),
            isOnline: online, group: EventGroup(name: "Swift Berlin", urlname: "swift-berlin"))
        event.isHybrid = hybrid
        return event
    }

    /// The site of `events` with one query, as files by path.
    static func site(
        _ events: [Event], history: HistoryReport? = nil,
        query: EventQuery = EventQuery(id: "q", title: "Q", keyword: "swift", latitude: 52.5, longitude: 13.4),
        origin: String? = nil
    ) throws -> [String: String] {
        let config = ReportConfig(
            siteTitle: "Site", baseURL: URL(string: "https://x.org/meetups/")!,
            timeZone: TimeZone(identifier: "Europe/Berlin")!,
            source: .snapshot(directory: URL(fileURLWithPath: "/"), origin: origin), queries: [query],
            outputDirectory: URL(fileURLWithPath: "/unused"), cacheDirectory: URL(fileURLWithPath: "/unused"))
        let input = SiteInput(
            settings: SiteSettings(config), fetched: FetchedEvents(outcomes: [(query, .succeeded(events: events))]),
            thumbnails: [:], generatedAt: now, history: history)
        var files: [String: String] = [:]
        for file in SiteRenderer(templates: try SiteTemplates(directory: Fixtures.templates)).render(input) {
            if case .bytes(let data) = file.contents { files[file.path] = String(decoding: data, as: UTF8.self) }
        }
        return files
    }

    static func jsonLD(_ html: String) throws -> JSONValue {
        let start = try #require(html.range(of: "<script type=\"application/ld+json\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try JSONValue.parse(Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    @Test func everyEventHasAPageWithTheWholeDescriptionLinkedFromItsList() throws {
        let files = try Self.site([Self.event("301")])
        let page = try #require(files["events/301.html"])
        #expect(page.contains("<strong>Bring</strong> a laptop.</p>\n<p>Second paragraph"), "the whole description")
        #expect(page.contains("openstreetmap.org/?mlat=52.506700&amp;mlon=13.391800"))
        #expect(page.contains("Betahaus, Rudi-Dutschke-Str. 23, Berlin, 10969, DE"))
        #expect(page.contains("href=\"../groups/swift-berlin.html\""))
        #expect(page.contains("href=\"https://www.meetup.com/g/events/301/\""))
        #expect(page.contains("<meta property=\"og:title\" content=\"Talk · Site\">"))
        #expect(page.contains("<link rel=\"canonical\" href=\"https://x.org/meetups/events/301.html\">"))
        #expect(try #require(files["queries/q.html"]).contains("href=\"../events/301.html\""))
        #expect(try #require(files["index.html"]).contains("href=\"events/301.html\""))
        let markdown = try #require(files["events/301.md"])
        #expect(markdown.contains("Bring a laptop. Second paragraph") && !markdown.contains("</script>"))
    }

    @Test func theJSONLDSaysWhatGoogleAsksFor() throws {
        let json = try Self.jsonLD(try #require(Self.site([Self.event("301")])["events/301.html"]))
        #expect(json["@type"]?.stringValue == "Event")
        #expect(json["startDate"]?.stringValue == "2026-12-01T19:00:00+01:00")
        #expect(json["endDate"]?.stringValue == "2026-12-01T21:00:00+01:00")
        #expect(json["eventStatus"]?.stringValue == "https://schema.org/EventScheduled")
        #expect(json["eventAttendanceMode"]?.stringValue == "https://schema.org/OfflineEventAttendanceMode")
        #expect(json["location"]?["address"]?["streetAddress"]?.stringValue == "Rudi-Dutschke-Str. 23")
        #expect(json["location"]?["address"]?["addressCountry"]?.stringValue == "DE")
        #expect(json["location"]?["geo"]?["latitude"]?.doubleValue == 52.5067)
        #expect(json["organizer"]?["url"]?.stringValue == "https://www.meetup.com/swift-berlin/")
        #expect(json["description"]?.stringValue?.hasPrefix("Bring a laptop.") == true)
        #expect(json["url"]?.stringValue == "https://x.org/meetups/events/301.html")
    }

    @Test func onlineHybridAndPaidEventsSayHowToAttendAndWhatItCosts() throws {
        var paid = Self.event("3", online: true, hybrid: true)
        paid.fee = EventFee(amount: 12.5, currency: "EUR")
        let files = try Self.site([Self.event("1", online: true), paid])
        let online = try Self.jsonLD(try #require(files["events/1.html"]))
        #expect(online["eventAttendanceMode"]?.stringValue == "https://schema.org/OnlineEventAttendanceMode")
        #expect(online["location"]?["@type"]?.stringValue == "VirtualLocation")
        let hybrid = try Self.jsonLD(try #require(files["events/3.html"]))
        #expect(hybrid["eventAttendanceMode"]?.stringValue == "https://schema.org/MixedEventAttendanceMode")
        #expect(
            hybrid["location"]?.arrayValue?.compactMap { $0["@type"]?.stringValue } == ["Place", "VirtualLocation"])
        #expect(hybrid["offers"]?["price"]?.doubleValue == 12.5)
        #expect(hybrid["offers"]?["priceCurrency"]?.stringValue == "EUR")
        #expect(try #require(files["events/3.md"]).contains("- **Fee:** €12.50"))
    }

    @Test func theHistorySaysWhenAnEventMovedOnlineOrWasRescheduled() throws {
        let event = Self.event("7", online: true)
        var history = HistoryReport()
        history.changes = [
            HistoryChange(
                kind: .moved, eventID: "7", title: "Talk", noticedAt: Self.now,
                oldStart: ISO8601.parseDateTime("2026-11-30T19:00:00+01:00")!, newStart: event.start,
                oldPlace: EventPlace(venueName: "Betahaus", city: "Berlin", isOnline: false),
                newPlace: EventPlace(of: event), url: nil, queryIDs: ["q"])
        ]
        #expect(EventPageFacts.status(of: event, changes: history.changes) == .movedOnline)
        var inPerson = Self.event("7")
        inPerson.venue = Venue(name: "Betahaus", city: "Berlin")
        history.changes[0].newPlace = EventPlace(of: inPerson)
        let json = try Self.jsonLD(try #require(Self.site([inPerson], history: history)["events/7.html"]))
        #expect(json["eventStatus"]?.stringValue == "https://schema.org/EventRescheduled")
        #expect(json["previousStartDate"]?.stringValue == "2026-11-30T19:00:00+01:00")
    }

    @Test(arguments: [
        "</script><script>alert(1)</script>", "<!-- <script>", "</SCRIPT >", "a\u{2028}b & c > d", "\"quotes\\",
    ])
    func noEventTextLeavesTheJSONLDBlock(_ title: String) throws {
        let html = try #require(Self.site([Self.event("9", title: title)])["events/9.html"])
        let start = try #require(html.range(of: "<script type=\"application/ld+json\">"))
        let end = try #require(
            html.range(of: "</script", options: .caseInsensitive, range: start.upperBound..<html.endIndex))
        let block = html[start.upperBound..<end.lowerBound]
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("\u{2028}"))
        let json = try JSONValue.parse(Data(block.utf8))
        #expect(json["name"]?.stringValue == title)
    }

    @Test(arguments: [
        ("307418275", "events/307418275"), ("abc-DEF_1", "events/abc-DEF_1"),
        ("../../etc/passwd", nil), ("uid@example.org", nil), ("", nil),
    ])
    func eventPagesAreNamedSafely(_ id: String, _ expected: String?) {
        let path = SitePaths.eventPage(id)
        if let expected {
            #expect(path == expected)
        } else {
            #expect(path.hasPrefix("events/h-") && path.count == "events/h-".count + 24)
        }
    }

    /// Issue 61, item 2: a control character in event text reached the event page byte for byte.
    @Test func noControlCharacterOfEventTextReachesAnyFile() throws {
        var event = Self.event("12", title: "Bell\u{07} and \u{1B}[31mescape\u{9B}")
        event.description = "Line one\u{1B}[2J\nLine two\u{0}\u{7F} \u{FFFE}end"
        event.venue = Venue(name: "Hall\u{1B}", city: "Berlin\u{08}")
        event.group = EventGroup(name: "Group\u{07}", urlname: "g")
        #expect(event.title == "Bell and [31mescape" && event.description == "Line one[2J\nLine two end")
        let files = try Self.site([event])
        #expect(files["events/12.html"]?.contains("Bell and [31mescape") == true)
        for (path, text) in files {
            let forbidden = text.unicodeScalars.filter(TextCleaning.isForbidden)
            #expect(forbidden.isEmpty, "\(path): \(forbidden.map { String($0.value, radix: 16) })")
        }
    }

    /// Issue 61, item 3: a calendar's event had an empty `PostalAddress`, one with no venue yet
    /// a place named "To be announced".
    @Test func aPlaceHasAnAddressAndAnUnknownOneIsNotMadeUp() throws {
        var calendar = Self.event("20")
        calendar.venue = Venue(name: "Cambridge Innovation Center, 4th Floor Cafe (1 Broadway, Cambridge, MA)")
        var plain = Self.event("21")
        plain.venue = Venue(name: "Room H 0104, TU Berlin")
        var unknown = Self.event("22")
        unknown.venue = nil
        let files = try Self.site([calendar, plain, unknown])
        let meetupICal = try Self.jsonLD(try #require(files["events/20.html"]))["location"]
        #expect(meetupICal?["name"]?.stringValue == "Cambridge Innovation Center, 4th Floor Cafe")
        #expect(meetupICal?["address"]?.stringValue == "1 Broadway, Cambridge, MA")
        let text = try Self.jsonLD(try #require(files["events/21.html"]))["location"]
        #expect(text?["name"]?.stringValue == "Room H 0104, TU Berlin")
        #expect(text?["address"]?.stringValue == "Room H 0104, TU Berlin")
        let announced = try Self.jsonLD(try #require(files["events/22.html"]))
        #expect(announced["location"]?.stringValue == "Venue to be announced")
        #expect(announced["eventAttendanceMode"]?.stringValue == "https://schema.org/OfflineEventAttendanceMode")
        for page in ["events/20.html", "events/21.html", "events/22.html"] {
            #expect(!(files[page] ?? "").contains(#""address":{"@type":"PostalAddress"}"#), "\(page)")
        }
    }

    /// Issue 61, item 14: a site made from calendars said it was made "from the Meetup API".
    @Test func theFooterSaysWhereTheEventsCameFrom() throws {
        let calendar = EventQuery(
            id: "c", title: "C", kind: .calendar(.file(URL(fileURLWithPath: "/srv/c.ics"))))
        let fromCalendar = try #require(try Self.site([Self.event("30")], query: calendar)["index.html"])
        #expect(fromCalendar.contains("Made by meetup-report from iCalendar feeds ·"), "\(fromCalendar.suffix(300))")
        let feeds = EventQuery(id: "f", title: "F", kind: .groupFeeds(GroupFeeds(urlnames: ["g"])))
        let fromFeeds = try #require(try Self.site([Self.event("31")], query: feeds)["index.html"])
        #expect(
            fromFeeds.contains("from Meetup groups&#39; public calendars ·")
                || fromFeeds.contains(
                    "from Meetup groups' public calendars ·")
        )
        let fromSnapshot = try #require(try Self.site([Self.event("32")])["index.html"])
        #expect(fromSnapshot.contains("from the Meetup API ·"), "a recording is the API's answers")
        let sample = try #require(
            try Self.site([Self.event("33")], origin: "sample events written by meetup-report init")["index.html"])
        #expect(sample.contains("from sample events written by meetup-report init ·"))
        #expect(!fromCalendar.contains("Meetup API") && !sample.contains("Meetup API"))
    }

    /// Issue 62, item 14: a past event's page did not say that it had taken place.
    @Test func aPastEventsPageSaysItTookPlace() throws {
        let input = RenderMemoTests.baseInput()
        let past = try #require(input.record?.events.first { $0.start.date < input.generatedAt && !$0.isCancelled })
        let written = try GroupPagesTests.rendered(input)
        let page = try #require(written[SitePaths.eventPage(past.id) + ".md"])
        let formatting = EventFormatting(siteTimeZone: input.settings.timeZone, language: .english)
        #expect(page.contains("**This event took place on \(formatting.date(past.start.date))**"), "\(page)")
    }

    /// A past hybrid event's page said "In person": the record's copy of it knew it was online too,
    /// and the page's facts dropped it (`EventPageFacts(past:)`), JSON-LD's attendance mode with it.
    @Test func aPastHybridEventsPageSaysItWasOnlineToo() throws {
        var input = RenderMemoTests.baseInput()
        let index = try #require(
            input.record?.events.firstIndex { $0.start.date < input.generatedAt && !$0.isCancelled && $0.city != nil })
        input.record?.events[index].isHybrid = true
        input.record?.events[index].isOnline = false
        let id = try #require(input.record?.events[index].id)
        let written = try GroupPagesTests.rendered(input)
        let page = try #require(written[SitePaths.eventPage(id) + ".md"])
        #expect(page.contains(", and online"), "\(page)")
        let html = try #require(written[SitePaths.eventPage(id) + ".html"])
        let jsonLD = try Self.jsonLD(html)
        #expect(jsonLD["eventAttendanceMode"]?.stringValue == "https://schema.org/MixedEventAttendanceMode")
    }
}
