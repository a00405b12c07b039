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
    /// An embed's description may hold 4,096; a digest's line needs far less.
    package static let discordDescription = 1_000
    // Mastodon's default status length; a link counts as 23 characters there, fully here.
    package static let mastodonStatus = 500

    /// An `@` that starts no mention: followed by a zero-width space.
    package static func unmentioned(_ text: String) -> String {
        text.replacingOccurrences(of: "@", with: "@\u{200B}")
    }

    static func truncated(_ text: String, _ limit: Int) -> String {
        TextCleaning.truncated(text, maxLength: limit)
    }

    /// `render(raw)`, with `raw` cut at a word boundary (and an ellipsis) until the rendered text
    /// is at most `limit` by `measure`. The cut is made before escaping, so no escape, entity,
    /// mention-safe space or link is ever split; nil when not even one character fits.
    static func fitted(
        _ raw: String, _ limit: Int, measure: (String) -> Int = utf16, render: (String) -> String
    ) -> String? {
        var length = raw.count
        while true {
            let text = render(length >= raw.count ? raw : truncated(raw, length))
            let size = measure(text)
            if size <= limit { return text }
            guard length > 1 else { return nil }
            length = max(1, min(length - 1, length * limit / max(size, 1)))
        }
    }

    /// Slack and Discord count characters as JavaScript does (UTF-16 code units): an emoji is two.
    static func utf16(_ text: String) -> Int { text.utf16.count }

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
                    "text": .string(fitted(digest.title, slackHeaderText, render: unmentioned) ?? "Digest"),
                ]),
            ])
        ]
        func section(_ text: String) -> JSONValue {
            .object(["type": .string("section"), "text": .object(["type": .string("mrkdwn"), "text": .string(text)])])
        }
        // An entry's title and detail are cut before they are escaped and linked: at most a
        // third of a section each, so a line is whole whatever the event says.
        func line(_ entry: ChatDigest.Entry) -> String {
            let title =
                fitted(entry.title, slackSectionText / 3) {
                    slackEscaped($0).replacingOccurrences(of: "|", with: "¦")
                } ?? ""
            let label = entry.link.map { "<\($0.absoluteString)|\(title)>" } ?? title
            return "*\(label)*\n\(fitted(entry.detail, slackSectionText / 3, render: slackEscaped) ?? "")"
        }
        let page = "<\(digest.pageURL.absoluteString)|\(slackEscaped(digest.pageLabel))>"
        if let notice = digest.notice, let text = fitted(notice, slackSectionText, render: slackEscaped) {
            blocks.append(section(text))
        }
        // Room for the context and a "more" line: 50 blocks in all.
        let room = slackBlocks - blocks.count - 3
        var shown = 0
        let changed = digest.entries.filter { $0.kind != .thisWeek }
        for (_, heading, entry) in changed.prefix(room) {
            blocks.append(section("_\(heading)_ · " + line(entry)))
            shown += 1
        }
        if changed.count > shown { blocks.append(section(digest.more(changed.count - shown, on: page))) }
        // This week in one section: whole lines while they fit, then how many more, and the page.
        let week = digest.entries.filter { $0.kind == .thisWeek }
        if let heading = week.first?.heading {
            let week = week.map { line($0.entry) }
            var text = "*\(slackEscaped(heading))*"
            var listed = 0
            let reserve = utf16("\n" + digest.more(9999, on: page))
            for entry in week where utf16(text) + 1 + utf16(entry) + reserve <= slackSectionText {
                text += "\n" + entry
                listed += 1
            }
            if listed < week.count { text += "\n" + digest.more(week.count - listed, on: page) }
            blocks.append(section(text))
        }
        blocks.append(
            .object([
                "type": .string("context"),
                "elements": .array([
                    .object([
                        "type": .string("mrkdwn"),
                        "text": .string("\(slackEscaped(digest.counts)) · \(page)"),
                    ])
                ]),
            ]))
        return .object([
            "text": .string(fitted("\(digest.title): \(digest.counts)", slackSectionText, render: slackEscaped) ?? ""),
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
        let changed = digest.entries.filter { $0.kind != .thisWeek }
        var embeds: [JSONValue] = []
        var total = 0
        for (_, heading, entry) in changed {
            let title = fitted(entry.title, discordTitle, render: discordEscaped) ?? ""
            let description =
                fitted(entry.detail, discordDescription) { "**\(heading)** · " + discordEscaped($0) } ?? ""
            let size = utf16(title) + utf16(description)
            guard embeds.count < discordEmbeds, total + size <= discordTotal else { break }
            var embed: [String: JSONValue] = ["title": .string(title), "description": .string(description)]
            if let link = entry.link { embed["url"] = .string(link.absoluteString) }
            embeds.append(.object(embed))
            total += size
        }
        // The content's title and notice are cut, never its counts or its link to the page.
        let more = changed.count > embeds.count ? "\n" + discordEscaped(digest.more(changed.count - embeds.count)) : ""
        let tail = "\n\(discordEscaped(digest.counts))" + more + "\n<\(digest.pageURL.absoluteString)>"
        let title = fitted(digest.title, discordTitle) { "**\(discordEscaped($0))**" } ?? ""
        let notice = digest.notice.flatMap {
            fitted($0, discordContent - utf16(title + tail) - 1) { "\n" + discordEscaped($0) }
        }
        let content = title + (notice ?? "") + tail
        return .object([
            "content": .string(content), "embeds": .array(embeds),
            "allowed_mentions": .object(["parse": .array([])]),
        ])
    }
}
