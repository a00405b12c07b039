import Foundation
import MeetupSupport

/// The language a site is written in: its catalogue of words (`Templates/locales/<tag>.po`)
/// and the locale its dates, numbers and lists are formatted by (ICU's data, through
/// Foundation). Event text is the organisers' and never passes through it.
package struct SiteLanguage: Sendable, Hashable {
    /// The BCP 47 tag, as the config gives it: "en", "pt-BR".
    package let tag: String
    package let catalogue: MessageCatalogue
    /// What dates, numbers and lists follow. A bare "en" is British English's, the site's
    /// English since its first version: day before month, 24-hour times, miles.
    package let locale: Locale

    package init(tag: String, catalogue: MessageCatalogue) {
        self.tag = tag
        self.catalogue = catalogue
        locale = Locale(identifier: tag == "en" ? "en_GB" : tag.replacingOccurrences(of: "-", with: "_"))
        var hash = ContentHash.Builder("catalogue-1")
        for id in catalogue.messages.keys.sorted() {
            switch catalogue.messages[id] {
            case .single(let text): hash.add([id, text])
            case .plural(let forms): hash.add([id] + forms)
            case nil: continue
            }
        }
        catalogueHash = hash.hex()
    }

    /// Every message of the catalogue as one hash, made once: part of every render key.
    private let catalogueHash: String

    /// English from the code's own words: what a render without a catalogue says.
    package static let english = SiteLanguage(tag: "en", catalogue: MessageCatalogue(messages: [:]))

    /// The folder of catalogues inside a templates folder.
    package static func catalogues(in templates: URL) -> URL { templates.appendingPathComponent("locales") }

    /// The tags a templates folder has catalogues for, sorted.
    package static func available(in templates: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: catalogues(in: templates).path)) ?? []
        return names.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// The language `tag` from `templates/locales`: its own file ("es-MX.po"), else its
    /// language's ("es.po", formatted as es-MX still); English without a file is the code's words.
    package static func load(_ tag: String, templates: URL) throws(CatalogueError) -> SiteLanguage {
        let folder = catalogues(in: templates)
        let base = String(tag.prefix { $0 != "-" })
        for name in [tag, base] {
            let file = folder.appendingPathComponent("\(name).po")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            return SiteLanguage(tag: tag, catalogue: try MessageCatalogue(po: text, file: file.path))
        }
        // A templates folder of an earlier version has no catalogues: English is the code's own words.
        if base == "en" { return SiteLanguage(tag: tag, catalogue: MessageCatalogue(messages: [:])) }
        let shipped = available(in: templates)
        throw CatalogueError(
            file: folder.appendingPathComponent("\(tag).po").path, line: 0,
            reason: "no catalogue for the language “\(tag)”"
                + (shipped.isEmpty ? "" : " (this templates folder has \(shipped.joined(separator: ", ")))"))
    }

    /// The words `text` (the English, as the code and templates write it) in this language,
    /// with each `{name}` replaced by `values[name]`.
    package func localized(_ text: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        var result = text
        if case .single(let translation) = catalogue.messages[text] { result = translation }
        return Self.fill(result, values)
    }

    /// A count in words: `one` or `other` in English, the language's plural form here,
    /// with `{count}` the number as the locale writes it ("1.234 Termine").
    package func plural(
        _ count: Int, _ one: String, _ other: String, _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        var text = count == 1 ? one : other
        if case .plural(let forms) = catalogue.messages[one] {
            text = forms[catalogue.pluralRule.form(for: count)]
        }
        return Self.fill(text, values).replacingOccurrences(of: "{count}", with: number(count))
    }

    /// "1,234" in English, "1.234" in German, "1 234" in French.
    package func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// "a, b and c", "a, b y c", "a, b und c".
    package func list(_ items: [String]) -> String {
        items.formatted(.list(type: .and).locale(locale))
    }

    /// Whether distances are said in kilometres: wherever the locale's region measures so.
    package var usesKilometres: Bool { locale.measurementSystem == .metric }

    private static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = text
        for (name, value) in values { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
        return result
    }
}

/// In a render key: the tag and the catalogue's every message, so a changed translation is a
/// changed page.
extension SiteLanguage: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(tag)
        try container.encode(catalogueHash)
    }
}
