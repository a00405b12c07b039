import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import MeetupReportTestSupport
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupSupport

/// Renders a site of hostile events in memory and reads the files back.
struct HostileSite {
    static let now = ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date
    static let longTitle = "A very long title " + String(repeating: "that goes on and on ", count: 40) + "🎉"
    static let titles = [
        "<script>alert('x')</script> & \"quotes\" 'single'",
        "Semi; colon, comma\\ backslash\nnewline",
        "Emoji 👩‍💻🇩🇪 ünïcödé",
        "]]> </title> END:VEVENT",
        longTitle,
    ]

    let files: [String: String]

    init() throws {
        let query = EventQuery(id: "q", title: "Q <&>", keyword: "k", latitude: 1, longitude: 2)
        let events = Self.titles.enumerated().map { index, title in
            Event(
                id: "e\(index)", title: TextCleaning.singleLine(title),
                start: ISO8601.parseDateTime("2026-12-0\(index + 1)T19:00:00+09:00")!,
                end: ISO8601.parseDateTime("2026-12-0\(index + 1)T21:00:00+09:00")!,
                eventURL: URL(string: "https://www.meetup.com/g/events/\(index)/?a=1&b=2"),
                description: "<p>Hi & <b>welcome</b></p>\nEND:VCALENDAR", rsvpCount: index,
                venue: Venue(name: "Bar; Café, \"Berlin\"", city: "Berlin"), group: EventGroup(name: "G & <H>"),
                createdAt: index == 0 ? ISO8601.parseDateTime("2026-11-01T10:00:00Z")!.date : nil)
        }
        let config = ReportConfig(
            siteTitle: "Site & <Co>", baseURL: URL(string: "https://example.org/sub")!,
            timeZone: TimeZone(identifier: "Europe/Berlin")!,
            source: .snapshot(directory: URL(fileURLWithPath: "/")), queries: [query],
            outputDirectory: URL(fileURLWithPath: "/unused"), cacheDirectory: URL(fileURLWithPath: "/unused"))
        let input = SiteInput(
            settings: SiteSettings(config), fetched: FetchedEvents(outcomes: [(query, .succeeded(events: events))]),
            thumbnails: [:], generatedAt: Self.now)
        var files: [String: String] = [:]
        for file in SiteRenderer(templates: try SiteTemplates(directory: Fixtures.templates)).render(input) {
            if case .bytes(let data) = file.contents { files[file.path] = String(decoding: data, as: UTF8.self) }
        }
        self.files = files
    }
}

/// Collects Atom entries with a real XML parser: a feed that is not well-formed fails here.
final class AtomReader: NSObject, XMLParserDelegate {
    struct Entry { var id = "", title = "", updated = "", link = "" }
    var entries: [Entry] = []
    var feedTitle = ""
    private var current: Entry?
    private var text = ""

    static func read(_ xml: String) throws -> AtomReader {
        let reader = AtomReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        if name == "entry" { current = Entry() }
        if name == "link", current != nil, attributes["rel"] == "alternate" { current?.link = attributes["href"] ?? "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "entry": if let current { entries.append(current) }; current = nil
        case "id": current?.id = text
        case "title": if current != nil { current?.title = text } else { feedTitle = text }
        case "updated": current?.updated = text
        default: break
        }
    }
}

/// Unfolds and splits an iCalendar file the way RFC 5545 section 3.1 says.
enum ICalendarReader {
    static func contentLines(_ ics: String) -> [String] {
        ics.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    static func unescape(_ value: String) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

@Suite("Atom feeds")
struct AtomFeedTests {
    @Test func feedIsWellFormedAndTitlesRoundTrip() throws {
        let site = try HostileSite()
        let feed = try AtomReader.read(try #require(site.files["queries/q.atom"]))
        #expect(feed.feedTitle == "Q <&> · Site & <Co>")
        #expect(feed.entries.count == 5)
        #expect(Set(feed.entries.map(\.title)) == Set(HostileSite.titles.map(TextCleaning.singleLine)))
        #expect(feed.entries.allSatisfy { $0.id.hasPrefix("urn:meetup-report:event:e") })
        #expect(
            feed.entries.allSatisfy {
                $0.link.hasPrefix("https://www.meetup.com/g/events/") && $0.link.hasSuffix("?a=1&b=2")
            })
        let created = try #require(feed.entries.first { $0.id.hasSuffix(":e0") })
        #expect(created.updated == "2026-11-01T10:00:00Z", "the event's creation time")
        #expect(feed.entries.first?.id.hasSuffix(":e0") == false, "the older, created entry sorts last")
        #expect(feed.entries.filter { !$0.id.hasSuffix(":e0") }.allSatisfy { $0.updated == "2026-11-22T08:00:00Z" })
    }

    @Test func aFeedHoldsTheNewestHundredEvents() throws {
        // 150 events, each created an hour after the one before.
        let created = HostileSite.now.addingTimeInterval(-200 * 3_600)
        let events = (0..<150).map { index in
            Event(
                id: "n\(index)", title: "Event \(index)", start: ISO8601.parseDateTime("2026-12-01T19:00:00Z")!,
                createdAt: created.addingTimeInterval(Double(index) * 3_600))
        }
        let feed = AtomFeed(
            title: "T", feedURL: URL(string: "https://example.org/feed.atom")!,
            pageURL: URL(string: "https://example.org/")!, author: "A", generatedAt: HostileSite.now)
        let xml = feed.render(events, lastChanged: { $0.createdAt ?? HostileSite.now }) {
            "<entry><id>\($0.id)</id></entry>"
        }
        let ids = try AtomReader.read(xml).entries.map(\.id)
        #expect(ids == (50..<150).reversed().map { "n\($0)" }, "the newest 100, newest first")
        #expect(xml.contains("<updated>\(ISO8601.formatUTC(created.addingTimeInterval(149 * 3_600)))</updated>"))
    }

    @Test func siteFeedUsesAbsoluteURLsUnderTheBase() throws {
        let site = try HostileSite()
        let xml = try #require(site.files["feed.atom"])
        _ = try AtomReader.read(xml)
        #expect(xml.contains("<id>https://example.org/sub/feed.atom</id>"))
        #expect(xml.contains("href=\"https://example.org/sub/index.html\""))
        let index = try #require(site.files["index.html"])
        #expect(
            index.contains(
                #"<link rel="alternate" type="application/atom+xml" title="Site &amp; &lt;Co&gt;" href="feed.atom">"#))
        #expect(index.contains(#"href="webcal://example.org/sub/calendar.ics""#))
        let query = try #require(site.files["queries/q.html"])
        #expect(query.contains(#"href="../queries/q.atom""#) && query.contains(#"href="../queries/q.ics" download"#))
    }
}

@Suite("iCalendar files")
struct ICalendarTests {
    @Test func linesAreFoldedAtSeventyFiveOctetsWithCRLF() throws {
        let ics = try #require(try HostileSite().files["queries/q.ics"])
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!ics.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no bare line feeds")
        for line in ics.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75, "\(line)")
        }
        let unfolded = ICalendarReader.contentLines(ics)
        #expect(unfolded.contains("SUMMARY:\(ICalendar.text(HostileSite.longTitle))"), "folding splits no character")
    }

    @Test func eventsHaveStableUIDsUTCTimesAndEscapedText() throws {
        let lines = ICalendarReader.contentLines(try #require(try HostileSite().files["queries/q.ics"]))
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 5)
        #expect(lines.filter { $0 == "END:VCALENDAR" }.count == 1, "a description cannot end the calendar")
        #expect(lines.contains("UID:meetup-e0@meetup-report"))
        #expect(lines.contains("DTSTART:20261201T100000Z"), "19:00 at UTC+9")
        #expect(lines.contains("DTEND:20261201T120000Z"))
        #expect(lines.contains("DTSTAMP:20261122T080000Z"))
        #expect(lines.contains("LOCATION:Bar\\; Café\\, \"Berlin\"\\, Berlin"))
        let summaries = lines.filter { $0.hasPrefix("SUMMARY:") }.map {
            ICalendarReader.unescape(String($0.dropFirst(8)))
        }
        #expect(Set(summaries) == Set(HostileSite.titles.map(TextCleaning.singleLine)))
        let description = try #require(lines.first { $0.hasPrefix("DESCRIPTION:") })
        #expect(description.contains("Hi & welcome END:VCALENDAR"), "plain text, tags removed")
        #expect(lines.contains("URL:https://www.meetup.com/g/events/0/?a=1&b=2"))
    }
}

@Suite("Site structure")
struct SiteStructureTests {
    @Test func eventsJSONDescribesEventsAndCounts() throws {
        let json = try #require(try HostileSite().files["events.json"])
        // Its items are written ahead, each at its own indentation (`EventsJSON.itemIndent`):
        // together the text the whole tree writes, keys sorted and two spaces a level.
        #expect(try JSONValue.parse(Data(json.utf8)).serialized() == json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 2)
        #expect(object["generatedAt"] == nil, "the run's moment would change the file every night")
        #expect(object["updatedAt"] as? String == "2026-11-22T08:00:00Z", "no history: the run's moment")
        let queries = try #require(object["queries"] as? [[String: Any]])
        #expect(queries.first?["eventCount"] as? Int == 5)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["id"] as? String } == ["e0", "e1", "e2", "e3", "e4"])
        #expect(events.first?["start"] as? String == "2026-12-01T19:00:00+09:00")
        #expect(events.first?["queries"] as? [String] == ["q"])
    }

    @Test func sitemapListsEveryPageAbsolutely() throws {
        let sitemap = try #require(try HostileSite().files["sitemap.xml"])
        for page in ["index.html", "all.html", "queries/q.html"] {
            #expect(sitemap.contains("<loc>https://example.org/sub/\(page)</loc>"), "\(page)")
        }
    }

    @Test func veryLongTitlesAndMarkupStayText() throws {
        let page = try #require(try HostileSite().files["queries/q.html"])
        #expect(page.contains(">\(HostileSite.longTitle)</a>"))
        #expect(!page.withoutSiteScripts.contains("<script"))
        #expect(page.contains("]]&gt; &lt;/title&gt; END:VEVENT"))
    }

    @Test func pastEventsAreLeftOutAtTheRunsClock() {
        let query = EventQuery(id: "q", keyword: "k", latitude: 0, longitude: 0)
        let events = ["2026-11-22T07:59:59Z", "2026-11-22T08:00:00Z", "2026-11-23T08:00:00Z"].enumerated().map {
            index, start in
            Event(id: "\(index)", title: "t", start: ISO8601.parseDateTime(start)!)
        }
        let fetched = FetchedEvents(outcomes: [(query, .succeeded(events: events))]).upcoming(at: HostileSite.now)
        #expect(fetched.distinctEvents.map(\.id) == ["1", "2"])
    }

    /// A calendar written into a file entry by entry (the site calendar, in the scratch folder) is
    /// the calendar made in memory, byte for byte.
    @Test func aCalendarWrittenToAFileIsTheOneMadeInMemory() throws {
        let folder = try TemporaryDirectory()
        let events = (0..<3).map { index in
            Event(
                id: "e\(index)", title: "Talk \(2 - index)",
                start: ZonedDate(
                    date: Date(timeIntervalSince1970: 1_795_000_000 - Double(index) * 86_400), utcOffsetSeconds: 3_600))
        }
        let calendar = ICalendar(name: "Swift; Berlin, events")
        let entry = { (event: Event) in
            ICalendar.event(event, stamp: Date(timeIntervalSince1970: 0), excerpt: "x", language: .english)
        }
        let file = try BufferedFile(replacing: folder.path("nested/calendar.ics"))
        calendar.write(events, event: { Array(entry($0).utf8) }, to: file)
        try file.commit()
        let written = try Data(contentsOf: folder.path("nested/calendar.ics"))
        #expect(written == calendar.data(events, event: entry))
        #expect(String(decoding: written, as: UTF8.self).hasSuffix("END:VCALENDAR\r\n"))
    }
}
