import Foundation
import MeetupModel
import MeetupSupport

/// An Atom (RFC 4287) feed of events, so people can follow a query in a feed reader.
/// Entry ids are stable (`urn:meetup-report:event:<id>`), so readers show an event
/// once however many nights it stays listed.
package struct AtomFeed {
    let title: String
    /// The feed's own absolute URL (also its id).
    let feedURL: URL
    /// The page it accompanies.
    let pageURL: URL
    let author: String
    let generatedAt: Date

    package init(title: String, feedURL: URL, pageURL: URL, author: String, generatedAt: Date) {
        self.title = title
        self.feedURL = feedURL
        self.pageURL = pageURL
        self.author = author
        self.generatedAt = generatedAt
    }

    /// How many entries a feed holds: the newest (a feed reader shows what is new; W2's site
    /// feed held all 10,000 events, 21 MB, remade whenever one passed).
    static let entryLimit = 100

    /// - Parameter entry: the event's `<entry>` element, from `entry(for:…)`; made once
    ///   per event and shared by every feed that lists it.
    /// - Parameter lastChanged: when the site last saw each event change (`SiteInput.lastChanged`).
    func render(_ events: [Event], lastChanged: (Event) -> Date, entry: (Event) -> String) -> String {
        let newest = Self.newest(events, lastChanged: lastChanged)
        return document(updated: newest.first?.updated ?? generatedAt, entries: newest.map { entry($0.event) })
    }

    /// The events a feed lists, newest first by when each appeared or last changed (ties by
    /// start time then id, for stable output), at most `entryLimit`.
    static func newest(_ events: [Event], lastChanged: (Event) -> Date) -> [(event: Event, updated: Date)] {
        let entries = events.map { event in
            (event: event, updated: Self.updated(event, lastChanged: lastChanged(event)))
        }
        .sorted { a, b in
            (b.updated, a.event.start.date, a.event.id) < (a.updated, b.event.start.date, b.event.id)
        }
        return Array(entries.prefix(entryLimit))
    }

    /// The feed around ready-made `<entry>` elements (events here, nightly digests elsewhere).
    package func document(updated: Date, entries: [String]) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <title>\(XMLEscaping.escape(title))</title>
            <id>\(XMLEscaping.escape(feedURL.absoluteString))</id>
            <link rel="self" type="application/atom+xml" href="\(XMLEscaping.escape(feedURL.absoluteString))"/>
            <link rel="alternate" type="text/html" href="\(XMLEscaping.escape(pageURL.absoluteString))"/>
            <updated>\(ISO8601.formatUTC(updated))</updated>
            <author><name>\(XMLEscaping.escape(author))</name></author>
            <generator>meetup-report</generator>

            """
        for entry in entries { xml += entry }
        return xml + "</feed>\n"
    }

    /// One event's `<entry>`: the same in every feed that lists the event.
    /// - Parameter firstSeen: from the history; the entry's `published`.
    /// - Parameter contentHTML: the rendered description, the entry's HTML content when there is one.
    static func entry(
        for event: Event, lastChanged: Date, formatting: EventFormatting, excerpt: String,
        contentHTML: String? = nil, firstSeen: Date? = nil
    ) -> String {
        let summary = [
            formatting.eventTime(of: event), formatting.location(of: event),
            event.group?.name,
        ].compactMap { $0 }.joined(separator: " · ")
        var xml = "<entry>\n"
        xml += "<id>urn:meetup-report:event:\(XMLEscaping.escape(event.id))</id>\n"
        xml += "<title type=\"text\">\(XMLEscaping.escape(event.title))</title>\n"
        if let url = event.eventURL {
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(XMLEscaping.escape(url.absoluteString))\"/>\n"
        }
        if let firstSeen { xml += "<published>\(ISO8601.formatUTC(firstSeen))</published>\n" }
        xml += "<updated>\(ISO8601.formatUTC(updated(event, lastChanged: lastChanged)))</updated>\n"
        xml += "<summary type=\"text\">\(XMLEscaping.escape(summary))</summary>\n"
        if let contentHTML, !contentHTML.isEmpty {
            xml += "<content type=\"html\">\(XMLEscaping.escape(contentHTML))</content>\n"
        } else if !excerpt.isEmpty {
            xml += "<content type=\"text\">\(XMLEscaping.escape(excerpt))</content>\n"
        }
        return xml + "</entry>\n"
    }

    /// The event's creation time when the API gave one, else when the site last saw it change:
    /// never the run's moment, so a feed changes when its events do.
    static func updated(_ event: Event, lastChanged: Date) -> Date {
        event.createdAt.map { min($0, lastChanged) } ?? lastChanged
    }
}
