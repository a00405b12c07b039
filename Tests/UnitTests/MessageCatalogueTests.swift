import Foundation
@testable import MeetupRender
@testable import MeetupReportTestSupport
import Testing

@Suite("Message catalogues: gettext PO")
struct MessageCatalogueTests {
    static let po = #"""
        # A translator's comment
        msgid ""
        msgstr ""
        "Language: fr\n"
        "Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : ((n != 0 && n % 1000000 == 0) ? 1 : 2);\n"

        #: Templates/layout.html.mustache
        msgid "All events"
        msgstr "Tous les "
        "événements"

        #, python-brace-format
        msgid "{count} event"
        msgid_plural "{count} events"
        msgstr[0] "{count} événement"
        msgstr[1] "{count} d’événements"
        msgstr[2] "{count} événements"

        #, fuzzy
        msgid "Archive"
        msgstr "Archivage"

        msgid "Reports"
        msgstr ""

        msgctxt "menu"
        msgid "Groups"
        msgstr "Groupes"

        msgid "Say \"hi\"\n"
        msgstr "Dites \"salut\"\n"

        #~ msgid "Gone"
        #~ msgstr "Parti"
        """#

    @Test func readsTranslationsPluralsAndTheHeader() throws {
        let catalogue = try MessageCatalogue(po: Self.po, file: "fr.po")
        #expect(catalogue.language == "fr")
        #expect(catalogue.messages["All events"] == .single("Tous les événements"))
        #expect(
            catalogue.messages["{count} event"]
                == .plural(["{count} événement", "{count} d’événements", "{count} événements"]))
        #expect(catalogue.messages["Say \"hi\"\n"] == .single("Dites \"salut\"\n"))
        // Fuzzy, untranslated, in a context the site does not use, obsolete: not translations.
        for id in ["Archive", "Reports", "Groups", "Gone"] { #expect(catalogue.messages[id] == nil, "\(id)") }
        #expect(catalogue.pluralRule.forms == 3)
    }

    @Test func aLanguageSaysItsWordsAndCountsInItsForms() throws {
        let french = SiteLanguage(tag: "fr", catalogue: try MessageCatalogue(po: Self.po, file: "fr.po"))
        #expect(french.localized("All events") == "Tous les événements")
        #expect(french.plural(0, "{count} event", "{count} events") == "0 événement")
        #expect(
            french.plural(1_234, "{count} event", "{count} events") == "1\u{202F}234 événements",
            "a narrow no-break space groups French thousands")
        #expect(french.plural(2_000_000, "{count} event", "{count} events") == "2\u{202F}000\u{202F}000 d’événements")
        // A message the catalogue lacks is the English, with its placeholders filled.
        #expect(french.localized("Page {page} of {pages}", ["page": "2", "pages": "5"]) == "Page 2 of 5")
    }

    @Test(arguments: [
        ("msgid \"a\"\nmsgstr \"b", "fr.po:2: expected a quoted string"),
        ("msgid \"a\"\nmsgstr[x] \"b\"", "fr.po:2: “msgstr[x]” is no PO keyword"),
        ("msgstr \"b\"", "fr.po:1: “msgstr” comes before its msgid"),
        ("\"b\"", "fr.po:1: a string continues no field"),
        (
            "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
                + "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\nmsgstr[2] \"z\"",
            "fr.po:1: “a” has 3 plural forms where Plural-Forms says 2"
        ),
    ])
    func aBrokenFileIsNamedWithItsLine(text: String, message: String) {
        #expect(throws: CatalogueError.self) { try MessageCatalogue(po: text, file: "fr.po") }
        do {
            _ = try MessageCatalogue(po: text, file: "fr.po")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    /// Every shipped catalogue reads, with as many forms as its rule says.
    @Test(arguments: ["en", "es", "pt-BR", "fr", "de"])
    func theShippedCataloguesRead(tag: String) throws {
        let language = try SiteLanguage.load(tag, templates: Fixtures.templates)
        #expect(language.catalogue.messages.count > 100)
        #expect(language.catalogue.language == tag)
    }

    @Test func aRegionFallsBackToItsLanguagesFileAndKeepsItsFormats() throws {
        let mexico = try SiteLanguage.load("es-MX", templates: Fixtures.templates)
        #expect(mexico.localized("All events") == "Todos los eventos")
        #expect(mexico.locale.identifier == "es_MX")
        #expect(throws: CatalogueError.self) { try SiteLanguage.load("xx", templates: Fixtures.templates) }
    }
}
