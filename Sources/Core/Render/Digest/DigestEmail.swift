import Foundation
import MeetupSupport

/// The digest as one RFC 5322 message: `multipart/alternative` with the plain text and
/// an HTML part made for mail clients from the `digest-email.html` template (a table
/// layout styled inline, no obsolete attributes, so it passes the same HTML checker as
/// the site; absolute links and images under `baseURL`, colours that read in light and
/// dark mode). Both parts are
/// UTF-8 in quoted-printable, so no line reaches 998 octets. Event data only ever goes
/// into the bodies, never a header; header values from the config lose any CR or LF.
package struct DigestEmail {
    let digest: Digest
    let envelope: Envelope
    let baseURL: URL
    let timeZone: TimeZone
    let language: SiteLanguage
    let thumbnails: [URL: String]
    let templates: SiteTemplates

    package init(
        digest: Digest, envelope: Envelope, baseURL: URL, timeZone: TimeZone, language: SiteLanguage,
        thumbnails: [URL: String],
        templates: SiteTemplates
    ) {
        self.digest = digest
        self.envelope = envelope
        self.baseURL = baseURL
        self.timeZone = timeZone
        self.language = language
        self.thumbnails = thumbnails
        self.templates = templates
    }

    /// Who the message is from and to, and its subject (`{date}` and `{counts}` filled in here).
    package struct Envelope: Sendable {
        package var from: String
        package var to: [String]
        package var subject: String

        package init(from: String, to: [String], subject: String) {
            self.from = from
            self.to = to
            self.subject = subject
        }
    }

    package func message(messageID: String, date: Date) -> String {
        let boundary = "=_meetup-report_\(messageID.prefix(16))"
        let writer = DigestWriter(digest, timeZone: timeZone, language: language)
        let subject = envelope.subject.replacingOccurrences(of: "{date}", with: digest.day)
            .replacingOccurrences(of: "{counts}", with: Self.counts(digest, language: language))
        var headers = [
            "From: \(Self.mailbox(envelope.from))",
            "To: \(envelope.to.map(Self.mailbox).joined(separator: ",\r\n "))",
            "Subject: \(Self.encodedWord(Self.headerValue(subject)))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: <\(messageID)@\(baseURL.host ?? "meetup-report")>",
            // RFC 3834: an automatic message, so vacation responders stay quiet.
            "Auto-Submitted: auto-generated",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
        ]
        headers.append("X-Mailer: meetup-report \(BuildInfo.version)")
        var lines =
            headers + [
                "",
                language.localized("This is a message in MIME format: a plain-text and an HTML version of the digest."),
                "",
            ]
        for (type, body) in [("text/plain", writer.plainText()), ("text/html", html(writer))] {
            lines += [
                "--\(boundary)", "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: quoted-printable",
                "",
                Self.quotedPrintable(body),
            ]
        }
        lines.append("--\(boundary)--")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The HTML part, from the `digest-email.html` template: a table layout styled inline
    /// for mail clients, links and images absolute under `baseURL`.
    private func html(_ writer: DigestWriter) -> String {
        let absolute = { (path: String) in Sitemap.absolute(path, baseURL: baseURL).absoluteString }
        func row(_ title: String, url: URL?, detail: String, image: String? = nil) -> [String: Any] {
            [
                "title": title, "detail": detail, "image": image ?? false,
                "url": url.flatMap {
                    ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0.absoluteString : nil
                } ?? false,
            ]
        }
        let sections: [(kind: ChatDigest.Section.Kind, rows: [[String: Any]])] = [
            (
                .new,
                digest.new.map { item in
                    row(
                        item.event.title, url: item.event.eventURL, detail: writer.details(item),
                        image: item.event.displayPhotoURL.flatMap { thumbnails[$0] }.map(absolute))
                }
            ),
            (
                .moved,
                digest.moved.map { row($0.change.title, url: $0.change.url, detail: writer.wasAndNow($0.change)) }
            ),
            (
                .removed,
                digest.removed.map { row($0.change.title, url: $0.change.url, detail: writer.wasOnly($0.change)) }
            ),
            (.unchecked, digest.unchecked.map { row($0.queryTitle, url: nil, detail: writer.uncheckedDetail($0)) }),
            (
                .quietGroups,
                digest.quietGroups.map { row($0.group.name, url: $0.group.link, detail: writer.quietDetail($0)) }
            ),
            (
                .thisWeek,
                digest.thisWeek.map { row($0.event.title, url: $0.event.eventURL, detail: writer.details($0)) }
            ),
        ]
        return templates.render(
            "digest-email.html",
            [
                "title": writer.title, "heading": "\(digest.siteTitle): \(writer.title)",
                "language": language.tag, "notice": writer.notice ?? false,
                "sections": sections.filter { !$0.rows.isEmpty }.map {
                    ["heading": writer.heading($0.kind), "count": $0.rows.count, "rows": $0.rows] as [String: Any]
                },
                "digestURL": absolute("digest.html"), "archiveURL": absolute("digests/index.html"),
            ])
    }

    /// The night in numbers, for the subject: "2 new, 1 moved, 1 cancelled", "1 search failed", "nothing new".
    static func counts(_ digest: Digest, language: SiteLanguage = .english) -> String {
        var parts: [String] = []
        if !digest.new.isEmpty { parts.append(language.plural(digest.new.count, "{count} new", "{count} new")) }
        if !digest.moved.isEmpty { parts.append(language.plural(digest.moved.count, "{count} moved", "{count} moved")) }
        if !digest.removed.isEmpty {
            parts.append(language.plural(digest.removed.count, "{count} cancelled", "{count} cancelled"))
        }
        if !digest.unchecked.isEmpty {
            parts.append(language.plural(digest.unchecked.count, "{count} search failed", "{count} searches failed"))
        }
        if !digest.quietGroups.isEmpty {
            parts.append(
                language.plural(digest.quietGroups.count, "{count} group gone quiet", "{count} groups gone quiet"))
        }
        if parts.isEmpty {
            return digest.isFirstRun
                ? language.plural(
                    digest.thisWeek.count, "first digest, {count} this week", "first digest, {count} this week")
                : language.localized("nothing new")
        }
        return parts.joined(separator: ", ")
    }

    /// An address from the config as a header's mailbox (RFC 5322 §3.4): a display name
    /// with non-ASCII text becomes RFC 2047 encoded words, one with specials is quoted;
    /// the address itself is kept as it is (ASCII).
    static func mailbox(_ text: String) -> String {
        let value = headerValue(text)
        guard value.hasSuffix(">"), let open = value.lastIndex(of: "<") else { return value }
        let address = value[open...]
        var name = value[..<open].trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = String(name.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\")
        }
        guard !name.isEmpty else { return String(address) }
        if name.unicodeScalars.contains(where: { !$0.isASCII }) { return encodedWord(name) + " " + address }
        let specials = CharacterSet(charactersIn: "()<>[]:;@\\,.\"")
        guard name.unicodeScalars.contains(where: specials.contains) else { return name + " " + address }
        return "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\" " + address
    }

    /// A header value on one line: CR, LF and other controls go, runs of white space become one.
    static func headerValue(_ text: String) -> String {
        TextCleaning.singleLine(text)
    }

    /// RFC 2047: non-ASCII text as `=?UTF-8?B?…?=` words, each under 76 characters.
    static func encodedWord(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var words: [String] = []
        var chunk = ""
        for character in text {
            if Data((chunk + String(character)).utf8).count > 45 {
                words.append("=?UTF-8?B?\(Data(chunk.utf8).base64EncodedString())?=")
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(Data(chunk.utf8).base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    /// RFC 2045 quoted-printable of UTF-8 text, CRLF line ends, lines of at most 76 characters.
    static func quotedPrintable(_ text: String) -> String {
        var output: [String] = []
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            var encoded = ""
            var current = ""
            let bytes = Array(line.utf8)
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let plain =
                    (byte >= 33 && byte <= 126 && byte != 61) || (byte == 32 && !isLast) || (byte == 9 && !isLast)
                let piece = plain ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
                if current.count + piece.count > 75 {
                    encoded += current + "=\r\n"
                    current = ""
                }
                current += piece
            }
            output.append(encoded + current)
        }
        return output.joined(separator: "\r\n")
    }

    /// "Sun, 22 Nov 2026 08:00:00 +0000".
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
