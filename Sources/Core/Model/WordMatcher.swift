import Foundation
import MeetupSupport

/// Whole-word matching of the editor's words and phrases, ignoring case and accents
/// ("Café" matches "cafe", "crypto trading" matches "Crypto-Trading!" but not
/// "cryptotrading"). No user regular expressions: a phrase is a sequence of words.
public enum WordMatcher {
    /// Lowercased, accents removed, split at everything that is not a letter or digit.
    public static func words(_ text: String) -> [Substring] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split { character in !(character.isLetter || character.isNumber) }
    }

    /// An event's title and description (as plain text: link targets and markup are not
    /// words the reader sees) as words, made once per event.
    public struct Text: Sendable {
        let words: [Substring]

        public init(_ event: Event) {
            words = WordMatcher.words(event.title) + [""] + WordMatcher.words(TextCleaning.plainText(event.description))
        }

        public init(_ text: String) {
            words = WordMatcher.words(text)
        }

        /// The first of `phrases` that occurs as whole words, as the config wrote it.
        public func firstMatch(of phrases: [String]) -> String? {
            phrases.first { phrase in contains(WordMatcher.words(phrase)) }
        }

        func contains(_ phrase: [Substring]) -> Bool {
            guard let first = phrase.first, phrase.count <= words.count else { return false }
            var index = words.startIndex
            while let start = words[index...].firstIndex(of: first) {
                if start + phrase.count <= words.count, words[start..<(start + phrase.count)].elementsEqual(phrase) { return true }
                index = start + 1
            }
            return false
        }
    }
}
