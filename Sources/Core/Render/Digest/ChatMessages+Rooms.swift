import Foundation
import MeetupSupport

extension ChatMessages {
    /// A Matrix event is at most 65,536 bytes with its envelope (sender, room, type, ids,
    /// signatures and hashes, about 1 KB): its content is kept under this many bytes of JSON.
    package static let matrixContentBytes = 60_000
    /// A title or a detail is cut to this many characters in a Matrix message.
    static let matrixLine = 500

    /// `m.room.message` content: a notice (bots' messages) with a plain `body` and an HTML
    /// `formatted_body`, and `m.mentions` empty: it mentions no one. Whole entries are added
    /// while the content stays within `matrixContentBytes` of JSON (measured, escaping and
    /// all: a night's digest is made once); the rest are counted, with the digest page's link.
    package static func matrix(_ digest: ChatDigest) -> JSONValue {
        var kept: [(heading: String, count: Int, entries: [ChatDigest.Entry])] = []
        var shown = 0
        sections: for section in digest.sections {
            kept.append((section.heading, section.entries.count, []))
            for entry in section.entries {
                kept[kept.count - 1].entries.append(entry)
                guard
                    matrixContent(digest, kept, more: digest.entries.count - shown - 1).compactJSON.utf8.count
                        <= matrixContentBytes
                else {
                    kept[kept.count - 1].entries.removeLast()
                    if kept[kept.count - 1].entries.isEmpty { kept.removeLast() }
                    break sections
                }
                shown += 1
            }
        }
        return matrixContent(digest, kept, more: digest.entries.count - shown)
    }

    private static func matrixContent(
        _ digest: ChatDigest, _ sections: [(heading: String, count: Int, entries: [ChatDigest.Entry])], more: Int
    ) -> JSONValue {
        var plain = [unmentioned(digest.title)]
        var html = "<h4>\(XMLEscaping.escape(unmentioned(digest.title)))</h4>"
        if let notice = digest.notice {
            plain.append(notice)
            html += "<p>\(XMLEscaping.escape(notice))</p>"
        }
        for section in sections {
            plain.append("\n\(section.heading) (\(section.count))")
            html += "<p><strong>\(XMLEscaping.escape(section.heading))</strong></p><ul>"
            for entry in section.entries {
                let title = unmentioned(truncated(entry.title, matrixLine))
                let detail = unmentioned(truncated(entry.detail, matrixLine))
                plain.append("- \(title) — \(detail)" + (entry.link.map { " \($0.absoluteString)" } ?? ""))
                let label = XMLEscaping.escape(title)
                html +=
                    "<li>"
                    + (entry.link.map { "<a href=\"\(XMLEscaping.escape($0.absoluteString))\">\(label)</a>" } ?? label)
                    + " — \(XMLEscaping.escape(detail))</li>"
            }
            html += "</ul>"
        }
        let andMore = more > 0 ? " · " + digest.language.plural(more, "{count} more", "{count} more") : ""
        plain.append("\n\(digest.counts)" + andMore + ": \(digest.pageURL.absoluteString)")
        html +=
            "<p>\(XMLEscaping.escape(digest.counts + andMore)) · "
            + "<a href=\"\(XMLEscaping.escape(digest.pageURL.absoluteString))\">\(XMLEscaping.escape(digest.pageLabel))</a></p>"
        return .object([
            "msgtype": .string("m.notice"), "body": .string(plain.joined(separator: "\n")),
            "format": .string("org.matrix.custom.html"), "formatted_body": .string(html),
            "m.mentions": .object([:]),
        ])
    }

    /// Mastodon counts a status's characters as code points (a link as 23): counted here as
    /// code points, each link in full.
    static func codePoints(_ text: String) -> Int { text.unicodeScalars.count }

    /// One status of at most 500 characters: the title, the counts, as many new events as
    /// fit (whole), how many more, and the digest page's link (always whole).
    package static func mastodon(_ digest: ChatDigest, visibility: String) -> JSONValue {
        let link = "\n\n" + digest.pageURL.absoluteString
        let new = digest.entries.filter { $0.kind == .new }
        let reserve = codePoints("\n" + digest.more(9999))
        var text =
            fitted(digest.title, mastodonStatus / 2, measure: codePoints, render: unmentioned) ?? ""
        text += "\n" + digest.counts
        var listed = 0
        for (_, _, entry) in new {
            guard let line = fitted(entry.title, 120, measure: codePoints, render: { "\n• " + unmentioned($0) }),
                codePoints(text + line + link) + reserve <= mastodonStatus
            else { break }
            text += line
            listed += 1
        }
        if listed < new.count, listed > 0 { text += "\n" + digest.more(new.count - listed) }
        return .object([
            "status": .string(text + link), "visibility": .string(visibility), "language": .string("en"),
        ])
    }
}
