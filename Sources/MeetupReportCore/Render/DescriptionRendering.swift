import Foundation

/// An event's description as its organiser wrote it: their Markdown through cmark
/// (never raw HTML), links only when http(s), no images (they would load from
/// anywhere), headings turned into bold paragraphs (the page's headings are its days
/// and events). Shown behind a "More" on query pages and as the Atom entry's content.
enum DescriptionRendering {
    /// Stands where "More" goes in an event block until the page is HTML; the nonce is
    /// new in every run, so no text from the API can spell a marker.
    static let nonce = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)).lowercased()

    static func marker(for event: Event) -> String {
        "mrmore\(nonce)x\(ContentHash.sha256Hex(event.id).prefix(16))"
    }

    /// Every event's rendered description by marker, made on every core.
    static func all(_ events: [Event]) -> [String: String] {
        Parallel.chunks(of: events, empty: [String: String]()) { part in
            var rendered: [String: String] = [:]
            for event in part where !event.description.isEmpty {
                let html = html(event.description)
                if !html.isEmpty { rendered[marker(for: event)] = html }
            }
            return rendered
        } merge: { all, part in all.merge(part) { first, _ in first } }
    }

    /// The Markdown page without its markers (the `.md` files are read as text and must
    /// not change from run to run).
    static func strip(_ markdown: String) -> String {
        let prefix = "mrmore\(nonce)x"
        guard markdown.contains(prefix) else { return markdown }
        return markdown.components(separatedBy: "\n").filter { !$0.hasPrefix(prefix) }.joined(separator: "\n")
            .replacingOccurrences(of: "\n\n\n", with: "\n\n")
    }

    /// Replaces each `<p>marker</p>` with the description behind a "More" (or nothing).
    static func expand(_ html: String, descriptions: [String: String]) -> String {
        let prefix = "<p>mrmore\(nonce)x"
        guard html.contains(prefix) else { return html }
        var output = ""
        var rest = Substring(html)
        while let range = rest.range(of: prefix) {
            output += rest[..<range.lowerBound]
            guard let close = rest[range.upperBound...].range(of: "</p>") else { output += rest[range.lowerBound...]; rest = ""; break }
            let marker = "mrmore\(nonce)x" + rest[range.upperBound..<close.lowerBound]
            if let description = descriptions[marker] {
                output += "<details class=\"more\"><summary>More</summary>\n\(description)\n</details>"
            }
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    static func html(_ description: String) -> String {
        let rendered = CommonMark.html(from: description)
        var output = ""
        output.reserveCapacity(rendered.utf8.count)
        var rest = Substring(rendered)
        var openLinks: [Bool] = []   // per <a>: kept or dropped
        while let start = rest.firstIndex(of: "<") {
            output += rest[..<start]
            guard let end = rest[start...].firstIndex(of: ">") else { rest = rest[start...]; break }
            let tag = rest[start...end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("<a ") {
                let href = tag.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
                let safe = href.lowercased().hasPrefix("https://") || href.lowercased().hasPrefix("http://")
                openLinks.append(safe)
                if safe { output += "<a href=\"\(href)\" rel=\"nofollow noopener\">" }
            } else if tag == "</a>" {
                if openLinks.popLast() == true { output += "</a>" }
            } else if tag.hasPrefix("<img") || tag.hasPrefix("<!--") {
                continue
            } else if tag.count == 4, tag.hasPrefix("<h"), tag.dropFirst(2).first?.isNumber == true {
                output += "<p><strong>"
            } else if tag.count == 5, tag.hasPrefix("</h"), tag.dropFirst(3).first?.isNumber == true {
                output += "</strong></p>"
            } else {
                output += tag
            }
        }
        output += rest
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The rendered description as plain text that keeps its paragraphs and list items
    /// on their own lines (iCalendar's DESCRIPTION), entities decoded.
    static func text(fromHTML html: String) -> String {
        // cmark's own line breaks only format the HTML; the tags say where lines go.
        var text = html.replacingOccurrences(of: "\n", with: "")
        for (tag, replacement) in [("</p>", "\n\n"), ("<br />", "\n"), ("<li>", "• "), ("</li>", "\n"), ("</ul>", "\n\n"), ("</ol>", "\n\n")] {
            text = text.replacingOccurrences(of: tag, with: replacement)
        }
        var plain = ""
        var inTag = false
        for character in text {
            if character == "<" { inTag = true; continue }
            if character == ">" && inTag { inTag = false; continue }
            if !inTag { plain.append(character) }
        }
        let decoded = plain.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        var lines = decoded.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
        while lines.contains("\n\n\n") { lines = lines.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return lines.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
