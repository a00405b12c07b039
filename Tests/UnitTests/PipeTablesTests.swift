import Foundation
@testable import MeetupRender
import Testing

/// `PipeTables`: the tool's pipe tables become HTML tables (cmark has none); anything else stays.
@Suite("Pipe tables")
struct PipeTablesTests {
    static func html(_ markdown: String) -> String {
        PageBody(root: "", imageSizes: [:], descriptions: [:], charts: [:], anchors: []).html(from: markdown)
    }

    @Test func aPipeTableIsATableWithHeadersAndRowHeaders() {
        let html = Self.html("| Year | Events |\n|---|---|\n| [2025](<2025.html>) | 1,2\\<3 |\n| 2024 | 7 |\n")
        #expect(html.contains("<thead><tr><th scope=\"col\">Year</th><th scope=\"col\">Events</th></tr></thead>"))
        #expect(html.contains("<tr><th scope=\"row\"><a href=\"2025.html\">2025</a></th><td>1,2&lt;3</td></tr>"))
        #expect(html.contains("<tr><th scope=\"row\">2024</th><td>7</td></tr>"))
        #expect(!html.contains("|"), "\(html)")
    }

    @Test func aParagraphWithPipesButNoSeparatorStaysText() {
        let html = Self.html("| not | a table |\n| at all |\n\nA | B\n")
        #expect(!html.contains("<table") && html.contains("| not | a table |"))
    }
}
