import Foundation
import MeetupSupport

/// Whole-word matching of the editor's words and phrases, ignoring case and accents
/// ("Café" matches "cafe", "crypto trading" matches "Crypto-Trading!" but not
/// "cryptotrading"). No user regular expressions: a phrase is a sequence of words.
package enum WordMatcher {
    /// Lowercased, accents removed, split at everything that is not a letter or digit.
    package static func words(_ text: String) -> [String] {
        var spaced: [UInt8] = [0x20]
        appendWords(of: text, to: &spaced)
        return spaced.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the text's words as UTF-8, each followed by one space, to `spaced` (which
    /// ends with a space): a text becomes " cafe crypto trading ", and a phrase is a search for
    /// its own spaced words in it.
    ///
    /// Hand-written because it runs on every event's whole description: with Foundation's
    /// `folding(options:)` over the text, the curate step took 0.29 s of a W1-sized run
    /// (`Scripts/make-w1-site.py`: 1,000 events of 0.5-2 KB, five word rules; `--stats`),
    /// and the fetch step 0.38 s more. ASCII is lowercased byte by byte, only other letters
    /// go through `folding`, once per distinct character; with each event's words made once
    /// per run (`EventTexts`): curate 0.018 s, fetch +0.07 s. Then the words were an array of
    /// Strings, made a scalar at a time; as one byte buffer (and `TextCleaning` on bytes), the
    /// curation's share of a warm W2 snapshot night fell from 13 % to 7 % of its samples and
    /// the fetch stage from 1.69 to 1.35 s.
    static func appendWords(of text: String, to spaced: inout [UInt8]) {
        var folded: [Unicode.Scalar: String] = [:]
        func separate() { if spaced.last != 0x20 { spaced.append(0x20) } }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                switch byte {
                case 0x41...0x5A: spaced.append(byte + 0x20)
                case 0x61...0x7A, 0x30...0x39: spaced.append(byte)
                default: separate()
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
                spaced.append(contentsOf: fold.utf8)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue  // a combining accent belongs to the letter before it
            } else {
                separate()
            }
        }
        separate()
    }

    /// A word or phrase of the config, split into its words once.
    package struct Phrase: Sendable, Hashable {
        package let text: String
        /// " crypto trading ": its words, spaced as a `Text` holds them.
        let spaced: [UInt8]

        package init(_ text: String) {
            self.text = text
            var spaced: [UInt8] = [0x20]
            WordMatcher.appendWords(of: text, to: &spaced)
            self.spaced = spaced
        }
    }

    /// An event's title and description (as plain text: link targets and markup are not
    /// words the reader sees) as spaced words, made once per event. Two spaces part the title
    /// from the description, so no phrase runs from one into the other.
    package struct Text: Sendable {
        let spaced: [UInt8]

        package init(_ event: Event) {
            var spaced: [UInt8] = [0x20]
            WordMatcher.appendWords(of: event.title, to: &spaced)
            spaced.append(0x20)
            WordMatcher.appendWords(of: TextCleaning.plainText(event.description), to: &spaced)
            self.spaced = spaced
        }

        package init(_ text: String) {
            var spaced: [UInt8] = [0x20]
            WordMatcher.appendWords(of: text, to: &spaced)
            self.spaced = spaced
        }

        /// The first of `phrases` that occurs as whole words.
        package func firstMatch(of phrases: [Phrase]) -> String? {
            phrases.first { contains($0.spaced) }?.text
        }

        func contains(_ phrase: [UInt8]) -> Bool {
            guard phrase.count > 1, phrase.count <= spaced.count else { return false }
            // The spaced phrase found anywhere is a whole-word match. glibc's `memmem` (SIMD):
            // a Swift loop over the bytes was 0.25 s of a W2 snapshot night's CPU under `perf`
            // (50,000 texts of 1-2 KB against five phrases, fetch and curate steps).
            return ByteSearch.contains(phrase, in: spaced)
        }
    }
}
