import Foundation
@testable import MeetupRender
import MeetupSupport
import Testing

/// Issue 61, item 5: a digest of 160 new events with long titles was over Matrix's 65,536-byte
/// event limit (refused, 413) and Slack's "This week" was cut inside a link. Every post fits each
/// service's documented limits whatever the digest holds, cut only between whole entries.
@Suite("Chat messages: within each service's limits, never cut inside a link or an escape")
struct ChatMessagesTests {
    static let page = URL(string: "https://meetups.example.org/digest.html")!

    static func digest(new: Int, week: Int, titleLength: Int) -> ChatDigest {
        let words = "Déjà vu & <b>R</b> @everyone 🎉 <!channel> *bold* | pipe "
        let title = String(String(repeating: words, count: titleLength / words.count + 1).prefix(titleLength))
        func entries(_ count: Int, _ prefix: String) -> [ChatDigest.Entry] {
            (0..<count).map { index in
                ChatDigest.Entry(
                    title: "\(prefix) \(index) \(title)", detail: "Thu 3 Dec, 18:30 · Betahaus & Co · @group",
                    link: URL(string: "https://meetups.example.org/events/\(prefix)-\(index).html"))
            }
        }
        return ChatDigest(
            title: "Berlin Tech & Friends: Digest for Sunday, 22 November 2026", notice: nil,
            sections: [
                ChatDigest.Section(.new, heading: "New", entries: entries(new, "new")),
                ChatDigest.Section(.thisWeek, heading: "This week", entries: entries(week, "week")),
            ],
            counts: "\(new) new · 0 moved · 0 cancelled · \(week) this week", pageURL: page)
    }

    static let nights = [(160, 60, 300), (160, 60, 4_000), (3, 2, 20), (0, 1, 10_000)]

    /// Every `&` starts an entity, every `@` is followed by a zero-width space.
    static func escapesAreWhole(_ text: String, entities: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "@" {
            guard index + 1 < scalars.count, scalars[index + 1] == "\u{200B}" else { return false }
        }
        guard entities else { return true }
        return text.matches(of: /&/).count == text.matches(of: /&(amp|lt|gt|quot|#39);/).count
    }

    /// Every backslash escapes the Markdown character after it: none is left dangling by a cut.
    static func backslashesAreWhole(_ text: String) -> Bool {
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else { continue }
            guard let escaped = characters.next(), "\\*_~`|>#-[]()<:".contains(escaped) else { return false }
        }
        return true
    }

    @Test(arguments: nights)
    func slack(new: Int, week: Int, titleLength: Int) throws {
        let message = ChatMessages.slack(Self.digest(new: new, week: week, titleLength: titleLength))
        let blocks = try #require(message["blocks"]?.arrayValue)
        #expect(blocks.count <= 50)
        for block in blocks {
            let text =
                block["text"]?["text"]?.stringValue ?? block["elements"]?.arrayValue?.first?["text"]?.stringValue ?? ""
            #expect(text.utf16.count <= (block["type"]?.stringValue == "header" ? 150 : 3_000))
            #expect(Self.escapesAreWhole(text, entities: block["type"]?.stringValue != "header"), "\(text.prefix(200))")
            // A `<` only opens a whole link: <https://…|label>, its label free of < and >.
            let opened = text.matches(of: /</).count
            #expect(opened == text.matches(of: /<https:\/\/[^<>|]+(\|[^<>]*)?>/).count, "\(text.suffix(300))")
        }
        if new > 47 { #expect(message.compactJSON.contains("more on <\(Self.page.absoluteString)|the digest page>")) }
    }

    @Test(arguments: nights)
    func discord(new: Int, week: Int, titleLength: Int) throws {
        let message = ChatMessages.discord(Self.digest(new: new, week: week, titleLength: titleLength))
        let content = try #require(message["content"]?.stringValue)
        #expect(content.utf16.count <= 2_000 && content.hasSuffix("<\(Self.page.absoluteString)>"))
        let embeds = message["embeds"]?.arrayValue ?? []
        #expect(embeds.count <= 10)
        let texts = embeds.flatMap { [$0["title"]?.stringValue ?? "", $0["description"]?.stringValue ?? ""] }
        #expect(texts.reduce(0) { $0 + $1.utf16.count } <= 6_000)
        for (index, text) in (texts + [content]).enumerated() {
            #expect(index % 2 == 1 || text.utf16.count <= 256 || text == content)
            #expect(Self.escapesAreWhole(text, entities: false))
            #expect(Self.backslashesAreWhole(text), "\(text.suffix(120))")
        }
    }

    @Test(arguments: nights)
    func matrix(new: Int, week: Int, titleLength: Int) throws {
        let message = ChatMessages.matrix(Self.digest(new: new, week: week, titleLength: titleLength))
        #expect(message.compactJSON.utf8.count <= ChatMessages.matrixContentBytes)
        let html = try #require(message["formatted_body"]?.stringValue)
        #expect(Self.escapesAreWhole(html, entities: true))
        #expect(html.hasSuffix("<a href=\"\(Self.page.absoluteString)\">the digest page</a></p>"))
        #expect(html.matches(of: /<li>/).count == html.matches(of: /<\/li>/).count)
        if new == 160 && titleLength > 1_000 { #expect(html.contains(" more · ")) }
    }

    @Test(arguments: nights)
    func mastodon(new: Int, week: Int, titleLength: Int) throws {
        let message = ChatMessages.mastodon(
            Self.digest(new: new, week: week, titleLength: titleLength), visibility: "unlisted")
        let status = try #require(message["status"]?.stringValue)
        #expect(status.unicodeScalars.count <= 500 && status.hasSuffix("\n\n" + Self.page.absoluteString))
        #expect(Self.escapesAreWhole(status, entities: false))
    }
}
