import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

@Suite("A site in the reader's language")
struct SiteLanguageTests {
    static let now = ISO8601.parseDateTime("2026-11-30T08:00:00Z")!.date

    /// The whole site rendered in `tag`: its files by path.
    static func site(_ tag: String) throws -> [String: String] {
        let query = EventQuery(
            id: "q", title: "Swift",
            kind: .search(
                SearchArea(keyword: "swift", latitude: 52.52, longitude: 13.405, radiusMiles: 25, placeName: "Berlin")))
        var config = ReportConfig(
            siteTitle: "Site", baseURL: URL(string: "https://x.org/")!,
            timeZone: TimeZone(identifier: "Europe/Berlin")!,
            source: .snapshot(directory: URL(fileURLWithPath: "/")), queries: [query],
            outputDirectory: URL(fileURLWithPath: "/unused"), cacheDirectory: URL(fileURLWithPath: "/unused"))
        config.language = tag
        let language = try SiteLanguage.load(tag, templates: Fixtures.templates)
        let events = [
            Event(
                id: "1", title: "Swift Talks", start: ISO8601.parseDateTime("2026-12-03T18:30:00+01:00")!,
                description: "About **Swift**.", rsvpCount: 1_234, venue: Venue(name: "c-base", city: "Berlin")),
            Event(
                id: "2", title: "Online Swift", start: ISO8601.parseDateTime("2026-11-30T18:00:00+01:00")!,
                description: "", isOnline: true),
        ]
        let input = SiteInput(
            settings: SiteSettings(config, language: language),
            fetched: FetchedEvents(outcomes: [(query, .succeeded(events: events))]), thumbnails: [:],
            generatedAt: now)
        let templates = try SiteTemplates(directory: Fixtures.templates, language: language)
        var files: [String: String] = [:]
        for file in SiteRenderer(templates: templates).render(input) {
            if case .bytes(let data) = file.contents { files[file.path] = String(decoding: data, as: UTF8.self) }
        }
        return files
    }

    @Test func germanSaysItsWordsDatesNumbersAndKilometres() throws {
        let files = try Self.site("de")
        let query = try #require(files["queries/q.html"])
        #expect(query.contains("<html lang=\"de\">"))
        #expect(query.contains("<h2>Donnerstag, 3. Dezember 2026</h2>"), "ICU's German day")
        #expect(query.contains("<h2>Heute · Montag, 30. November 2026</h2>"), "ICU's relative day")
        #expect(query.contains("„swift“ im Umkreis von 40 km um Berlin"), "25 miles in kilometres")
        #expect(query.contains("1.234 Zusagen"), "German digits, German plural")
        #expect(query.contains(">Alle Veranstaltungen<") && query.contains("Zum Kalender hinzufügen"))
        #expect(query.contains("Zeitzone: Mitteleuropäische Zeit"))
        // Event text stays as its organisers wrote it.
        #expect(query.contains("Swift Talks") && query.contains("About Swift."))
        let calendar = try #require(files["queries/q.ics"])
        #expect(calendar.contains("1.234 Zusagen") && calendar.contains("LOCATION:Online"))
    }

    @Test func spanishAndFrenchCountInTheirPluralForms() throws {
        let spanish = try #require(try Self.site("es")["index.md"])
        #expect(spanish.contains("**2 próximos eventos**"), "\(spanish.prefix(400))")
        #expect(spanish.contains("«swift» a menos de 40 km de Berlin"))
        let french = try #require(try Self.site("fr")["queries/q.md"])
        // ICU groups French thousands with a narrow no-break space; a line of the page is one line
        // of text (`TextCleaning.singleLine`), which makes it a space.
        #expect(french.contains("1 234 participants"))
        #expect(french.contains("jeudi 3 décembre 2026"))
    }

    /// No word of the English catalogue is left on a page in another language: every word a
    /// page says is the catalogue's, or the events'.
    @Test(arguments: ["es", "pt-BR", "fr", "de"])
    func noEnglishWordIsLeftOnThePages(tag: String) throws {
        let english = try SiteLanguage.load("en", templates: Fixtures.templates)
        let translated = try SiteLanguage.load(tag, templates: Fixtures.templates)
        // Phrases long enough to be the catalogue's own, and that the language does not share.
        let phrases = english.catalogue.messages.compactMap { id, message -> String? in
            guard case .single(let text) = message, text.count > 12, !text.contains("{"),
                translated.localized(id) != text
            else { return nil }
            return text
        }
        for (path, text) in try Self.site(tag) where path.hasSuffix(".html") || path.hasSuffix(".md") {
            for phrase in phrases { #expect(!text.contains(phrase), "\(path) says “\(phrase)”") }
        }
    }
}
