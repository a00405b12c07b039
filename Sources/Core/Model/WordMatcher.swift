import Foundation
import MeetupSupport

/// Whole-word matching of the editor's words and phrases, ignoring case and accents
/// ("Café" matches "cafe", "crypto trading" matches "Crypto-Trading!" but not
/// "cryptotrading"). No user regular expressions: a phrase is a sequence of words.
package enum WordMatcher {
    /// Lowercased, accents removed, split at everything that is not a letter or digit.
    ///
    /// Hand-written because it runs on every event's whole description: with Foundation's
    /// `folding(options:)` over the text, the curate step took 0.29 s of a W1-sized run
    /// (`Scripts/make-w1-site.py`: 1,000 events of 0.5-2 KB, five word rules; `--stats`),
    /// and the fetch step 0.38 s more. ASCII is lowercased byte by byte, only other letters
    /// go through `folding`, once per distinct character; with each event's words made once
    /// per run (`EventTexts`): curate 0.018 s, fetch +0.07 s.
    package static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var folded: [Unicode.Scalar: String] = [:]
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                switch scalar.value {
                case 0x41...0x5A: current.append(Unicode.Scalar(scalar.value + 0x20) ?? scalar)
                case 0x61...0x7A, 0x30...0x39: current.append(scalar)
                default: flush()
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                let fold =
                    folded[scalar]
                    ?? {
                        let made = String(scalar).folding(
                            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                        folded[scalar] = made
                        return made
                    }()
                current.append(contentsOf: fold.unicodeScalars)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue  // a combining accent belongs to the letter before it
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// A word or phrase of the config, split into its words once.
    package struct Phrase: Sendable, Hashable {
        package let text: String
        let words: [String]

        package init(_ text: String) {
            self.text = text
            words = WordMatcher.words(text)
        }
    }

    /// An event's title and description (as plain text: link targets and markup are not
    /// words the reader sees) as words, made once per event.
    package struct Text: Sendable {
        let words: [String]

        package init(_ event: Event) {
            words = WordMatcher.words(event.title) + [""] + WordMatcher.words(TextCleaning.plainText(event.description))
        }

        package init(_ text: String) {
            words = WordMatcher.words(text)
        }

        /// The first of `phrases` that occurs as whole words.
        package func firstMatch(of phrases: [Phrase]) -> String? {
            phrases.first { contains($0.words) }?.text
        }

        func contains(_ phrase: [String]) -> Bool {
            guard let first = phrase.first, phrase.count <= words.count else { return false }
            var index = words.startIndex
            while let start = words[index...].firstIndex(of: first) {
                if start + phrase.count <= words.count, words[start..<(start + phrase.count)].elementsEqual(phrase) {
                    return true
                }
                index = start + 1
            }
            return false
        }
    }
}
