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

@Suite("Escaping untrusted text into Markdown and HTML")
struct EscapingTests {
    @Test(arguments: [
        "<script>alert(1)</script>",
        "[click me](javascript:alert(1))",
        "![x](https://evil.example/track.gif)",
        "**bold** _it_ `code` <b>tag</b> &amp; & \"quotes\" 'single'",
        "# heading\n- list\n1. numbered\n> quote",
        "<img src=x onerror=alert(1)>",
        "C:\\path\\ and \\*escaped\\*",
        "- not a list", "+ plus", "1. not numbered", "12) not numbered either", "> not a quote", "=== not a heading",
        "Meetup #12 #", "AT&T &copy; &#169; &amp;", "`tick` and ``two``", "<https://evil.example>", "a_b*c*d_",
        "~~~ not a fence",
    ])
    func escapedTextRendersLiterallyAndNeverAsMarkup(_ input: String) {
        let expected = TextCleaning.singleLine(input)
            .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        // Mid-line, at the start of a paragraph, and as a heading's text.
        for (markdown, html) in [
            ("Title: " + MarkdownEscaping.text(input), "<p>Title: \(expected)</p>\n"),
            (MarkdownEscaping.text(input), "<p>\(expected)</p>\n"),
            ("### " + MarkdownEscaping.text(input), "<h3>\(expected)</h3>\n"),
        ] {
            let rendered = CommonMark.html(from: markdown)
            #expect(rendered == html, "\(markdown)")
            #expect(!rendered.contains("<script") && !rendered.contains("<img") && !rendered.contains("href"))
        }
    }

    @Test func linkDestinationsAreWebOnlyAndCannotBreakOut() throws {
        #expect(MarkdownEscaping.linkDestination(URL(string: "javascript:alert(1)")!) == nil)
        #expect(MarkdownEscaping.linkDestination(URL(string: "data:text/html,hi")!) == nil)
        let tricky = try #require(URL(string: "https://example.org/a%3E)b?q=%22x%22"))
        let destination = try #require(MarkdownEscaping.linkDestination(tricky))
        let html = CommonMark.html(from: "[go](\(destination))")
        #expect(html == "<p><a href=\"https://example.org/a%3E)b?q=%22x%22\">go</a></p>\n")
    }

    @Test func cmarkDropsRawHTMLEvenIfEscapingWereSkipped() {
        let html = CommonMark.html(from: "hello <script>alert(1)</script>\n\n<div onclick=x>block</div>")
        #expect(!html.contains("<script") && !html.contains("<div"))
    }

    @Test func imageAttributesOnlyTouchGeneratedSources() {
        let thumbnail = Thumbnail(
            file: URL(fileURLWithPath: "/c/t.jpg"), size: PixelSize(width: 120, height: 80), publishedName: "abc.jpg")
        let sizes = ImageAttributes.sizes(thumbnails: [thumbnail], placeholder: PixelSize(width: 120, height: 80))
        let body = PageBody(root: "../", imageSizes: sizes, descriptions: [:], charts: [:], anchors: [])
        let html = body.html(from: "![a](../thumbs/abc.jpg) ![b](https://x.org/y.jpg)")
        #expect(
            html
                == #"<p><img width="120" height="80" src="../thumbs/abc.jpg" alt="a" /> <img src="https://x.org/y.jpg" alt="b" /></p>"#
                + "\n")
        // Above the fold the first three photos load at once; the rest lazily.
        let many = body.html(from: (1...5).map { "![p\($0)](../thumbs/abc.jpg)" }.joined(separator: " "))
        #expect(many.components(separatedBy: "loading=\"lazy\"").count - 1 == 2, "\(many)")
        #expect(many.hasPrefix(#"<p><img width="120""#))
    }

    /// A page's image whose description holds an image is sized once, as one image: the inner
    /// one was sized too, after the outer's replacement had freed it.
    @Test func anImageInsideAnImageIsOneImage() {
        let thumbnail = Thumbnail(
            file: URL(fileURLWithPath: "/c/t.jpg"), size: PixelSize(width: 120, height: 80), publishedName: "abc.jpg")
        let sizes = ImageAttributes.sizes(thumbnails: [thumbnail], placeholder: PixelSize(width: 120, height: 80))
        let body = PageBody(root: "../", imageSizes: sizes, descriptions: [:], charts: [:], anchors: [])
        let html = body.html(from: "![a ![b](../thumbs/abc.jpg)](../thumbs/abc.jpg)")
        #expect(html.components(separatedBy: "<img").count - 1 == 1, "\(html)")
        #expect(html.contains(#"width="120" height="80" src="../thumbs/abc.jpg""#), "\(html)")
    }

    /// A thumbnail with a double-density twin is offered to high-density screens.
    @Test func aThumbnailWithATwinGetsASrcset() {
        let twin = Thumbnail.Density(
            file: URL(fileURLWithPath: "/c/t2.jpg"), size: PixelSize(width: 240, height: 160),
            publishedName: "abc@2x.jpg")
        let thumbnail = Thumbnail(
            file: URL(fileURLWithPath: "/c/t.jpg"), size: PixelSize(width: 120, height: 80),
            publishedName: "abc.jpg", double: twin)
        let body = PageBody(
            root: "../",
            imageSizes: ImageAttributes.sizes(thumbnails: [thumbnail], placeholder: PixelSize(width: 1, height: 1)),
            imageDoubles: ImageAttributes.doubles(thumbnails: [thumbnail]), descriptions: [:], charts: [:], anchors: [])
        #expect(
            body.html(from: "![a](../thumbs/abc.jpg)")
                == #"<p><img width="120" height="80" srcset="../thumbs/abc@2x.jpg 2x" src="../thumbs/abc.jpg" alt="a" /></p>"#
                + "\n")
    }

    /// The page body is made at cmark's nodes: a marker paragraph becomes its description,
    /// the chart's image the chart, and the h3 headings get ids only when they are the events.
    @Test func thePageBodyChangesOnlyTheNodesTheToolMade() {
        let events = ["1", "2"].map {
            Event(id: $0, title: $0, start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
        }
        let marker = DescriptionRendering.moreMarker
        let markdown = """
            ### One

            \(marker)

            ### Two

            \(marker)

            ![chart](charts/q.svg) <b>raw</b> \(MarkdownEscaping.text(marker)) inline

            <div>raw block</div>
            """
        let body = PageBody(
            root: "", imageSizes: [:], descriptions: [events[0].id: "<p>Details</p>"],
            charts: ["charts/q.svg": "<svg/>"],
            anchors: events)
        let html = body.html(from: markdown)
        #expect(
            html.contains(
                "<article class=\"event\">\n<h3 id=\"\(EventAnchors.id(of: events[0]))\">One</h3>\n<div class=\"event-text\">\n"
                    + "<details class=\"more\"><summary aria-label=\"More about 1\"><span class=\"more-label\">More</span></summary>\n<p>Details</p>\n</details>\n</div>\n</article>"
            ),
            "each event an article, its More named after it: \(html)")
        #expect(
            html.contains(
                "<h3 id=\"\(EventAnchors.id(of: events[1]))\">Two</h3>\n<div class=\"event-text\">\n\n<p><svg/>"),
            "no description: an empty line, as before: \(html)")
        #expect(html.contains("&lt;!-- more --&gt; inline"), "a marker in the API's text (escaped) is text")
        #expect(!html.contains("<b>") && !html.contains("<div>"), "raw HTML from the text is never passed through")
        let fewer = PageBody(root: "", imageSizes: [:], descriptions: [:], charts: [:], anchors: [events[0]]).html(
            from: markdown)
        #expect(!fewer.contains("<h3 id="), "two headings, one event: no ids rather than wrong ones")
    }
}

@Suite("Event rows and excerpts")
struct EventRowTests {
    /// Found at W1 size: excerpts beside a floated photo, then under it, and
    /// their Markdown shown raw ("Agenda * 18:30 doors").
    @Test func anEventsPhotoHasAColumnOfItsOwnAndItsExcerptGivesWayToMore() {
        let event = Event(
            id: "7", title: "Rust & friends",
            start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
        let marker = DescriptionRendering.moreMarker
        let markdown =
            "### Rust\n\n![Photo](thumbs/a.jpg) **Tue 1 Dec, 18:00** · Venue\n\nJoin us · Agenda\n\n\(marker)\n\nAdd to calendar\n"
        let html = PageBody(
            root: "", imageSizes: ["thumbs/a.jpg": PixelSize(width: 320, height: 213)],
            descriptions: [event.id: "<p>Join us</p>"],
            charts: [:], anchors: [event]
        ).html(from: markdown)
        #expect(
            html.contains(
                "</h3>\n<div class=\"event-photo\"><img width=\"320\" height=\"213\" src=\"thumbs/a.jpg\" alt=\"Photo\" /></div>\n"
                    + "<div class=\"event-text\">\n<p><strong>Tue 1 Dec, 18:00</strong> · Venue</p>\n"
                    + "<details class=\"more\"><summary aria-label=\"More about Rust &amp; friends\"><span class=\"excerpt\">Join us · Agenda</span> "
                    + "<span class=\"more-label\">More</span></summary>\n<p>Join us</p>\n</details>\n"),
            "the excerpt is the closed toggle's text, the title escaped in its name: \(html)")
        #expect(html.hasSuffix("<p>Add to calendar</p>\n</div>\n</article>\n"), "\(html)")
    }

    @Test func plainTextIsWhatAReaderSees() {
        #expect(
            PlainText.of(
                markdown:
                    "Join us!\n\n## Agenda\n\n* 18:30 doors\n* 19:00 *talks*\n\n[Slides](https://x.org/s) and `code`")
                == "Join us! Agenda 18:30 doors · 19:00 talks Slides and code")
        #expect(
            PlainText.of(markdown: "<p>We are <strong>excited</strong> &amp; ready.</p>") == "We are excited & ready.")
        #expect(PlainText.of(markdown: "Line one\nline two  \nthree") == "Line one line two three")
        #expect(PlainText.of(markdown: "") == "")
    }
}

@Suite("Rendering pages from events")
struct PageRenderingTests {
    static func site(_ events: [Event], zone: String = "Europe/Berlin") throws -> (
        index: String, query: String, markdown: String
    ) {
        let query = EventQuery(id: "q", title: "Q & A", keyword: "swift <3", latitude: 52.5, longitude: 13.4)
        let config = ReportConfig(
            siteTitle: "Site", baseURL: URL(string: "https://x.org/")!, timeZone: TimeZone(identifier: zone)!,
            source: .snapshot(directory: URL(fileURLWithPath: "/")), queries: [query],
            outputDirectory: URL(fileURLWithPath: "/unused"), cacheDirectory: URL(fileURLWithPath: "/unused"))
        let input = SiteInput(
            settings: SiteSettings(config), fetched: FetchedEvents(outcomes: [(query, .succeeded(events: events))]),
            thumbnails: [:], generatedAt: ISO8601.parseDateTime("2026-11-22T08:00:00Z")!.date)
        let folder = try TemporaryDirectory()
        try StagingWriter(staging: folder.url, previous: nil)
            .write(SiteRenderer(templates: SiteTemplates(directory: Fixtures.templates)).render(input))
        return (
            try String(contentsOf: folder.path("index.html"), encoding: .utf8),
            try String(contentsOf: folder.path("queries/q.html"), encoding: .utf8),
            try String(contentsOf: folder.path("queries/q.md"), encoding: .utf8)
        )
    }

    static func event(_ id: String, _ title: String, _ start: String, venue: Venue? = nil, online: Bool = false)
        -> Event
    {
        Event(
            id: id, title: title, start: ISO8601.parseDateTime(start)!,
            eventURL: URL(string: "https://www.meetup.com/g/events/\(id)/"),
            description: "<script>steal()</script> Join us", rsvpCount: 3, venue: venue, isOnline: online,
            group: EventGroup(name: "G & \"H\""))
    }

    @Test func eventsAreGroupedByDayInTheSiteZoneAndShownInTheirOwnTime() throws {
        let events = [
            Self.event("2", "Late in Tokyo", "2026-12-02T08:30:00+09:00"),  // 1 Dec 23:30 UTC = 2 Dec 00:30 Berlin
            Self.event(
                "1", "Evening Berlin", "2026-12-01T19:00:00+01:00", venue: Venue(name: "c-base", city: "Berlin")),
            Self.event("3", "Online", "2026-12-03T17:00:00Z", online: true),
        ]
        let page = try Self.site(events).query
        let headings = page.components(separatedBy: "<h2>").dropFirst().map { $0.components(separatedBy: "</h2>")[0] }
        #expect(headings == ["Tuesday, 1 December 2026", "Wednesday, 2 December 2026", "Thursday, 3 December 2026"])
        // Under its day's heading, a time says neither the date again nor the site's offset, which
        // the page says once; another offset is said, and a local day unlike the heading's.
        #expect(page.contains("times in Central European Time"))
        #expect(page.contains("08:30–10:30 (UTC+09:00)") == false, "no end given: no range")
        #expect(page.contains("<strong>08:30 (UTC+09:00)</strong>"), "Tokyo event in Tokyo time, its day the heading's")
        #expect(page.contains("<strong>19:00</strong> · c-base, Berlin"))
        #expect(page.contains("<strong>17:00 (UTC)</strong> · Online"))
        let order = ["Evening Berlin", "Late in Tokyo", "Online"].map { page.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
    }

    @Test func daylightSavingChangesTheDayBoundary() throws {
        // 29 March 2026: Berlin moves from UTC+1 to UTC+2. 22:30 UTC is 00:30 on the 30th.
        let page = try Self.site([Self.event("1", "After the switch", "2026-03-29T22:30:00Z")]).query
        #expect(page.contains("<h2>Monday, 30 March 2026</h2>"))
    }

    @Test func untrustedFieldsAreEscapedEverywhere() throws {
        let site = try Self.site([
            Self.event("1", "<script>alert(1)</script> & [x](javascript:y)", "2026-12-01T19:00:00+01:00")
        ])
        #expect(!site.query.withoutSiteScripts.contains("<script"))
        #expect(site.query.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; [x](javascript:y)</a>"))
        #expect(site.query.contains("G &amp; &quot;H&quot;"))
        #expect(
            site.query.contains("&lt;script&gt;steal()&lt;/script&gt;") == false,
            "descriptions become plain-text excerpts")
        #expect(site.query.contains("Join us"))
        #expect(site.index.contains("“swift &lt;3”"))
        #expect(
            site.markdown.contains("\\<script>alert(1)\\</script>"),
            "the .md file escapes what Markdown would read as HTML")
        #expect(
            site.query.contains(
                "width=\"320\" height=\"213\" src=\"../assets/placeholder.svg\" alt=\"No photo available\""))
    }

    @Test func emptyQueryPageSaysSo() throws {
        let site = try Self.site([])
        #expect(site.query.contains("Nothing is scheduled"))
        #expect(site.index.contains("<strong>0 events</strong>"))
    }
}

@Suite("Pages of a long list")
struct PaginationTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func events(_ perDay: [Int]) -> [Event] {
        perDay.enumerated().flatMap { day, count in
            (0..<count).map { index in
                Event(
                    id: "\(day)-\(index)", title: "e",
                    start: ZonedDate(
                        date: Date(timeIntervalSince1970: 1_796_000_000 + Double(day) * 86_400 + Double(index) * 60),
                        utcOffsetSeconds: 3600))
            }
        }
    }

    @Test func pagesKeepDaysTogetherAndSplitOnlyADayLargerThanAPage() {
        let sizes = { (perDay: [Int]) in
            Pagination.pages(Self.events(perDay), timeZone: Self.zone, size: 10).map(\.count)
        }
        #expect(sizes([4, 4, 4]) == [8, 4], "the third day does not fit: a page of its own")
        #expect(
            sizes([3, 25, 2]) == [3, 10, 10, 7], "a day of 25 fills whole pages, its rest shares one with the next day")
        #expect(sizes([]) == [0], "an empty list is one empty page")
        #expect(sizes([10, 10]) == [10, 10])
        #expect(
            Pagination.path("queries/rust", page: 1) == "queries/rust"
                && Pagination.path("queries/rust", page: 3) == "queries/rust.3")
        let events = Self.events([4, 4, 4])
        #expect(Pagination.pageNumbers(events, timeZone: Self.zone, size: 10)["2-0"] == 2)
    }
}
