import Foundation
import Testing

@testable import MeetupRender

/// An event's description as HTML, plain text and calendar text (`DescriptionRendering`,
/// `PlainText`, `CalendarText`): one parse, walks of cmark's tree.
@Suite("Description rendering")
struct DescriptionRenderingTests {
    @Test func markdownBecomesSafeHTMLAndTextKeepsItsLines() {
        let description = """
            ## Agenda
            1. Doors at **18:30**
            2. Talks: [slides](https://example.org/s) and [bad](javascript:alert(1))

            ![tracker](https://evil.example/pixel.gif) <script>alert(1)</script> <b>bold?</b>
            """
        let (_, html, text) = DescriptionRendering.texts(of: description)
        #expect(html.contains("<p><strong>Agenda</strong></p>"), "headings become bold paragraphs: \(html)")
        #expect(html.contains("<a href=\"https://example.org/s\" rel=\"nofollow noopener\">slides</a>"))
        #expect(html.contains("and bad</li>"), "a javascript: link keeps its text only: \(html)")
        #expect(
            !html.contains("<img") && !html.contains("<script") && !html.contains("<b>") && !html.contains("<!--"),
            "\(html)")
        #expect(text.hasPrefix("Agenda\n\n• Doors at 18:30\n• Talks: slides and bad"), "\(text)")
    }

    /// A line break the organiser typed inside a paragraph is a space in every text: the
    /// calendar text was once read back from cmark's HTML, where it is a newline that the
    /// reader dropped ("line oneline two").
    @Test func aSoftLineBreakIsASpaceInTheCalendarText() {
        let texts = DescriptionRendering.texts(of: "Doors open at six\nand talks start at seven.\n\nSee you!")
        #expect(texts.calendar == "Doors open at six and talks start at seven.\n\nSee you!")
        #expect(texts.plain == "Doors open at six and talks start at seven. See you!")
    }

    /// A code block keeps its lines (they were joined into one when read back from HTML).
    @Test func aCodeBlockKeepsItsLinesInTheCalendarText() {
        let texts = DescriptionRendering.texts(
            of: "Install:\n\n```\nbrew install swift\nswift --version\n```\n\nThen come.")
        #expect(texts.calendar == "Install:\n\nbrew install swift\nswift --version\n\nThen come.")
    }

    /// Images and raw HTML are left out of the calendar text as they are out of the HTML;
    /// characters the HTML escapes are themselves in the text.
    @Test func theCalendarTextHasWhatTheHTMLShows() {
        let texts = DescriptionRendering.texts(
            of:
                "Fish & chips <b>x</b> ![alt words](https://e.org/a.png) 1 < 2 \"quoted\"\n\n- one\n- two\n\n1. loose\n\n2. list"
        )
        #expect(texts.calendar == "Fish & chips x  1 < 2 \"quoted\"\n\n• one\n• two\n\n• loose\n\n• list")
        #expect(!texts.html.contains("alt words"))
    }

    /// An image's description can hold an image. Both were collected and removed in turn, the
    /// inner one after the outer had freed it: a double free in cmark's tree, which any event's
    /// text could ask for.
    @Test func anImageInsideAnImageGoesOnceWithIt() {
        let description = "Before ![outer ![inner](https://e.org/i.png) words](https://e.org/o.png) after"
        let texts = DescriptionRendering.texts(of: description)
        #expect(texts.html == "<p>Before  after</p>", "\(texts.html)")
        #expect(!texts.calendar.contains("inner") && texts.calendar.hasPrefix("Before"), "\(texts.calendar)")
        let deep = String(repeating: "![a ", count: 40) + "x" + String(repeating: "](https://e.org/p.png)", count: 40)
        #expect(DescriptionRendering.html(deep) == "<p></p>", "forty images one inside the other go with the outermost")
    }

    @Test func anEmptyDescriptionHasNoTexts() {
        let texts = DescriptionRendering.texts(of: "")
        #expect(texts.plain.isEmpty && texts.html.isEmpty && texts.calendar.isEmpty)
    }
}
