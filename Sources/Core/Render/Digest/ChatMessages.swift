import Foundation
import MeetupSupport

/// The digest as each chat service's message, within its documented limits, with event
/// text that cannot ping anyone: Slack's `&`, `<`, `>` escaped (so `<!channel>` is text),
/// Discord's `allowed_mentions` empty and its Markdown escaped, Matrix's `m.mentions`
/// empty, and on every service an `@` in event text followed by a zero-width space (so
/// `@everyone`, `@room` and `@user@instance` are words, not mentions).
package enum ChatMessages {
    // Slack: https://api.slack.com/reference/block-kit/blocks
    package static let slackBlocks = 50
    package static let slackSectionText = 3_000
    package static let slackHeaderText = 150
    // Discord: https://discord.com/developers/docs/resources/message#embed-object-embed-limits
    package static let discordEmbeds = 10
    package static let discordTotal = 6_000
    package static let discordTitle = 256
    package static let discordContent = 2_000
    // Mastodon's default status length; a link counts as 23 characters there, fully here.
    package static let mastodonStatus = 500
    /// Matrix events are at most 65,536 bytes; entries beyond this many go to the page's link.
    package static let matrixEntries = 100

    /// An `@` that starts no mention: followed by a zero-width space.
    package static func unmentioned(_ text: String) -> String {
        text.replacingOccurrences(of: "@", with: "@\u{200B}")
    }

    static func truncated(_ text: String, _ limit: Int) -> String {
        TextCleaning.truncated(text, maxLength: limit)
    }

    // MARK: Slack

    /// Slack's escaping for text in `mrkdwn` and in link labels.
    static func slackEscaped(_ text: String) -> String {
        unmentioned(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// An incoming webhook's Block Kit message: a header, a section per changed event (with
    /// its link), this week in one section, and a context with the counts and the page.
    package static func slack(_ digest: ChatDigest) -> JSONValue {
        var blocks: [JSONValue] = [
            .object([
                "type": .string("header"),
                "text": .object([
                    "type": .string("plain_text"),
                    "text": .string(truncated(unmentioned(digest.title), slackHeaderText)),
                ]),
            ])
        ]
        func section(_ text: String) -> JSONValue {
            .object([
                "type": .string("section"),
                "text": .object(["type": .string("mrkdwn"), "text": .string(truncated(text, slackSectionText))]),
            ])
        }
        func line(_ entry: ChatDigest.Entry) -> String {
            let title = slackEscaped(entry.title).replacingOccurrences(of: "|", with: "¦")
            let label = entry.link.map { "<\($0.absoluteString)|\(title)>" } ?? title
            return "*\(label)*\n\(slackEscaped(entry.detail))"
        }
        if let notice = digest.notice { blocks.append(section(slackEscaped(notice))) }
        // Room for the context and a "more" line: 50 blocks in all.
        let room = slackBlocks - blocks.count - 3
        var shown = 0
        let changed = digest.entries.filter { $0.heading != "This week" }
        for (heading, entry) in changed.prefix(room) {
            blocks.append(section("_\(heading)_ · " + line(entry)))
            shown += 1
        }
        if changed.count > shown {
            blocks.append(
                section("… and \(changed.count - shown) more on <\(digest.pageURL.absoluteString)|the digest page>"))
        }
        let week = digest.entries.filter { $0.heading == "This week" }.map { line($0.entry) }
        if !week.isEmpty { blocks.append(section("*This week*\n" + week.joined(separator: "\n"))) }
        blocks.append(
            .object([
                "type": .string("context"),
                "elements": .array([
                    .object([
                        "type": .string("mrkdwn"),
                        "text": .string("\(digest.counts) · <\(digest.pageURL.absoluteString)|the digest page>"),
                    ])
                ]),
            ]))
        return .object([
            "text": .string(truncated(slackEscaped("\(digest.title): \(digest.counts)"), slackSectionText)),
            "blocks": .array(blocks), "unfurl_links": .bool(false), "unfurl_media": .bool(false),
        ])
    }

    // MARK: Discord

    /// Discord's Markdown escaped with backslashes, and no mention.
    static func discordEscaped(_ text: String) -> String {
        var output = ""
        for character in unmentioned(text) {
            if "\\*_~`|>#-[]()<:".contains(character) { output.append("\\") }
            output.append(character)
        }
        return output
    }

    /// A webhook message: the title and counts as its content, an embed per changed event
    /// (at most 10, 6,000 characters in all), the rest behind the digest page's link.
    package static func discord(_ digest: ChatDigest) -> JSONValue {
        let changed = digest.entries.filter { $0.heading != "This week" }
        var embeds: [JSONValue] = []
        var total = 0
        for (heading, entry) in changed {
            let title = truncated(discordEscaped(entry.title), discordTitle)
            let description = truncated("**\(heading)** · " + discordEscaped(entry.detail), 1_000)
            guard embeds.count < discordEmbeds, total + title.count + description.count <= discordTotal else { break }
            var embed: [String: JSONValue] = ["title": .string(title), "description": .string(description)]
            if let link = entry.link { embed["url"] = .string(link.absoluteString) }
            embeds.append(.object(embed))
            total += title.count + description.count
        }
        var content = "**\(discordEscaped(digest.title))**\n\(digest.counts)"
        if let notice = digest.notice { content += "\n" + discordEscaped(notice) }
        if changed.count > embeds.count { content += "\n… and \(changed.count - embeds.count) more" }
        content += "\n<\(digest.pageURL.absoluteString)>"
        return .object([
            "content": .string(truncated(content, discordContent)), "embeds": .array(embeds),
            "allowed_mentions": .object(["parse": .array([])]),
        ])
    }

    // MARK: Matrix

    /// `m.room.message` content: a notice (bots' messages) with a plain `body` and an HTML
    /// `formatted_body`, and `m.mentions` empty: it mentions no one.
    package static func matrix(_ digest: ChatDigest) -> JSONValue {
        var plain = [unmentioned(digest.title)]
        var html = "<h4>\(XMLEscaping.escape(unmentioned(digest.title)))</h4>"
        if let notice = digest.notice {
            plain.append(notice)
            html += "<p>\(XMLEscaping.escape(notice))</p>"
        }
        var shown = 0
        for section in digest.sections {
            guard shown < matrixEntries else { break }
            let entries = section.entries.prefix(matrixEntries - shown)
            shown += entries.count
            plain.append("\n\(section.heading) (\(section.entries.count))")
            html += "<p><strong>\(XMLEscaping.escape(section.heading))</strong></p><ul>"
            for entry in entries {
                let title = unmentioned(entry.title)
                let detail = unmentioned(entry.detail)
                plain.append("- \(title) — \(detail)" + (entry.link.map { " \($0.absoluteString)" } ?? ""))
                let label = XMLEscaping.escape(title)
                html +=
                    "<li>"
                    + (entry.link.map { "<a href=\"\(XMLEscaping.escape($0.absoluteString))\">\(label)</a>" } ?? label)
                    + " — \(XMLEscaping.escape(detail))</li>"
            }
            html += "</ul>"
        }
        let more = digest.entries.count - shown
        plain.append("\n\(digest.counts)" + (more > 0 ? " · \(more) more" : "") + ": \(digest.pageURL.absoluteString)")
        html +=
            "<p>\(XMLEscaping.escape(digest.counts))\(more > 0 ? " · \(more) more" : "") · "
            + "<a href=\"\(XMLEscaping.escape(digest.pageURL.absoluteString))\">the digest page</a></p>"
        return .object([
            "msgtype": .string("m.notice"), "body": .string(plain.joined(separator: "\n")),
            "format": .string("org.matrix.custom.html"), "formatted_body": .string(html),
            "m.mentions": .object([:]),
        ])
    }

    // MARK: Mastodon

    /// One status of at most 500 characters: the title, the counts, as many new events as
    /// fit, and the digest page's link (always whole).
    package static func mastodon(_ digest: ChatDigest, visibility: String) -> JSONValue {
        let link = digest.pageURL.absoluteString
        var text = unmentioned(digest.title) + "\n" + digest.counts
        let budget = mastodonStatus - link.count - 2
        for (heading, entry) in digest.entries where heading == "New" {
            let line = "\n• " + unmentioned(entry.title)
            guard text.count + line.count <= budget else { break }
            text += line
        }
        text = truncated(text, budget) + "\n\n" + link
        return .object(["status": .string(text), "visibility": .string(visibility), "language": .string("en")])
    }
}
