import Foundation

/// One language's strings, read from a gettext PO file (`Templates/locales/<tag>.po`).
///
/// PO because translators' tools read it as it is (Poedit, Weblate, Pontoon, Lokalise,
/// Crowdin, `msgfmt`), one file per language, with the plural rule in its header; an Apple
/// String Catalog holds every language in one JSON file, which Linux's tools and most
/// translation platforms edit less well. Messages are keyed by their English text
/// (`msgid`), as gettext does: a translator reads the sentence, not a code name.
///
/// The reader takes the PO that `msgfmt --check` accepts, minus what the site does not use:
/// `msgctxt` and obsolete (`#~`) entries are skipped; fuzzy entries are not translations.
package struct MessageCatalogue: Sendable, Hashable {
    /// A translation: one text, or one per plural form.
    package enum Message: Sendable, Hashable {
        case single(String)
        case plural([String])
    }

    package let messages: [String: Message]
    package let pluralRule: PluralRule
    /// The header's `Language`, when it has one.
    package let language: String?

    package init(messages: [String: Message], pluralRule: PluralRule = .english, language: String? = nil) {
        self.messages = messages
        self.pluralRule = pluralRule
        self.language = language
    }

    /// Parses a PO file's text; `file` names it in errors.
    package init(po text: String, file: String) throws(CatalogueError) {
        var reader = EntryReader(file: file)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try reader.read(line.trimmingCharacters(in: .whitespaces), number: index + 1)
        }
        reader.finish()
        var messages: [String: Message] = [:]
        var header = ""
        for entry in reader.entries where !entry.fuzzy && entry.context == nil {
            if entry.id.isEmpty {
                header = entry.strings[0] ?? ""
                continue
            }
            if entry.plural == nil, let text = entry.strings[0], !text.isEmpty {
                messages[entry.id] = .single(text)
            } else if entry.plural != nil {
                let forms = (0..<entry.strings.count).compactMap { entry.strings[$0] }
                if forms.count == entry.strings.count, !forms.contains(where: \.isEmpty) {
                    messages[entry.id] = .plural(forms)
                }
            }
        }
        let fields = Self.headerFields(header)
        var rule = PluralRule.english
        if let forms = fields["Plural-Forms"] {
            guard let parsed = PluralRule(header: forms) else {
                throw CatalogueError(file: file, line: 1, reason: "its Plural-Forms header is not gettext's notation")
            }
            rule = parsed
        }
        for (id, message) in messages {
            if case .plural(let forms) = message, forms.count != rule.forms {
                throw CatalogueError(
                    file: file, line: 1,
                    reason: "“\(id)” has \(forms.count) plural forms where Plural-Forms says \(rule.forms)")
            }
        }
        self.init(messages: messages, pluralRule: rule, language: fields["Language"])
    }

    /// The header's `Name: value` lines.
    private static func headerFields(_ header: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in header.split(separator: "\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            fields[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}

package struct CatalogueError: Error, Sendable, CustomStringConvertible {
    package let file: String
    package let line: Int
    package let reason: String

    package var description: String { "\(file):\(line): \(reason)" }
}

/// PO's entries, line by line: comments, `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and
/// `msgstr[n]`, each a quoted string continued by quoted lines.
private struct EntryReader {
    struct Entry {
        var context: String?
        var id = ""
        var plural: String?
        var strings: [Int: String] = [:]
        var fuzzy = false
    }

    let file: String
    private(set) var entries: [Entry] = []
    private var current = Entry()
    private var started = false
    /// Where a continued string goes.
    private enum Field { case context, id, plural, string(Int) }
    private var field: Field?

    init(file: String) { self.file = file }

    mutating func read(_ line: String, number: Int) throws(CatalogueError) {
        if line.isEmpty || line.hasPrefix("#~") { return }
        if line.hasPrefix("#") {
            if started { flush() }
            if line.hasPrefix("#,") && line.contains("fuzzy") { current.fuzzy = true }
            return
        }
        if line.hasPrefix("\"") {
            guard let field else { throw error(number, "a string continues no field") }
            append(try unquote(line, number), to: field)
            return
        }
        let keyword = String(line.prefix { !$0.isWhitespace })
        let value = try unquote(String(line.dropFirst(keyword.count)).trimmingCharacters(in: .whitespaces), number)
        let next: Field
        switch keyword {
        case "msgctxt":
            if started { flush() }
            next = .context
        case "msgid":
            if started { flush() }
            started = true
            next = .id
        case "msgid_plural": next = .plural
        case "msgstr": next = .string(0)
        default:
            guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                let index = Int(keyword.dropFirst(7).dropLast()), (0..<16).contains(index)
            else { throw error(number, "“\(keyword)” is no PO keyword") }
            next = .string(index)
        }
        guard started || keyword == "msgctxt" else { throw error(number, "“\(keyword)” comes before its msgid") }
        field = next
        set(value, next)
    }

    mutating func finish() {
        if started { flush() }
    }

    private mutating func flush() {
        entries.append(current)
        current = Entry()
        started = false
        field = nil
    }

    private mutating func set(_ value: String, _ field: Field) {
        switch field {
        case .context: current.context = value
        case .id: current.id = value
        case .plural: current.plural = value
        case .string(let index): current.strings[index] = value
        }
    }

    private mutating func append(_ value: String, to field: Field) {
        switch field {
        case .context: current.context = (current.context ?? "") + value
        case .id: current.id += value
        case .plural: current.plural = (current.plural ?? "") + value
        case .string(let index): current.strings[index] = (current.strings[index] ?? "") + value
        }
    }

    /// A C string literal: `"…"` with `\"`, `\\`, `\n`, `\t`.
    private func unquote(_ text: String, _ number: Int) throws(CatalogueError) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
            throw error(number, "expected a quoted string")
        }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw error(number, "a quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        guard !escaped else { throw error(number, "the string ends in a lone backslash") }
        return result
    }

    private func error(_ line: Int, _ reason: String) -> CatalogueError {
        CatalogueError(file: file, line: line, reason: reason)
    }
}
