import Foundation
@testable import MeetupFetch
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `TextCleaning`: character references decoded in plain text.
@Suite("Text cleaning")
struct TextCleaningTests {
    @Test func characterReferencesAreDecoded() {
        #expect(
            TextCleaning.plainText("It&#8217;s a caf&eacute; &#x1F600; &hellip; &euro;5 &apos;x&apos;")
                == "It’s a café 😀 … €5 'x'")
        #expect(TextCleaning.plainText("AT&T &bogus; &#xD800; &#0; &amp") == "AT&T &bogus; \u{FFFD} \u{FFFD} &amp")
    }

    @Test func singleLineCollapsesWhitespaceAndDropsInvisibleCharacters() {
        #expect(TextCleaning.singleLine("  a\n\tb\u{00A0}\u{2028}c  ") == "a b c")
        #expect(TextCleaning.singleLine("x\u{202E}y\u{200B}z\u{0007}\u{0085}\u{009F}!") == "xyz !")
        #expect(TextCleaning.singleLine("café 😀\u{200D}🔥 \u{FE0F}€ 日本\u{3000}語") == "café 😀\u{200D}🔥 \u{FE0F}€ 日本 語")
        #expect(TextCleaning.singleLine("\u{00AD}soft\u{00AD}hyphen") == "softhyphen")
        #expect(TextCleaning.singleLine("") == "")
        // Every scalar of the hostile titles, one by one, as the scalar-by-scalar definition says.
        for title in HostileSite.titles {
            var expected = "", pending = false
            for scalar in title.unicodeScalars {
                if TextCleaning.isWhitespace(scalar) {
                    pending = !expected.isEmpty
                } else if !TextCleaning.isDropped(scalar) {
                    if pending { expected += " " }
                    pending = false
                    expected.unicodeScalars.append(scalar)
                }
            }
            #expect(TextCleaning.singleLine(title) == expected)
        }
    }

    @Test func truncationCutsAtAWordAndTrimsPunctuation() {
        #expect(TextCleaning.truncated("short", maxLength: 10) == "short")
        #expect(TextCleaning.truncated("Rust, Swift; and more words", maxLength: 13) == "Rust, Swift…")
        #expect(TextCleaning.truncated("café café café", maxLength: 13) == "café café…")
        #expect(TextCleaning.truncated("ééééé", maxLength: 5) == "ééééé", "five characters, ten bytes")
    }

    @Test func trimmingLooksAtTheEndsOnly() {
        #expect(TextCleaning.trimmedWhitespace("\u{3000} https://x.example/a b \n\u{A0}") == "https://x.example/a b")
        #expect(TextCleaning.trimmedWhitespace(" \t\n") == "")
        #expect(TextCleaning.trimmed(", The Venue ,") { $0 == "," || $0 == " " } == "The Venue")
    }

    /// The byte scan that keeps clean text on one pass agrees with the scalar rule, for every
    /// scalar of the planes' first 0x3000, the noncharacters of each plane, and emoji.
    @Test func theByteScanFindsExactlyTheForbiddenScalars() {
        var scalars = (0..<0x3000).compactMap(Unicode.Scalar.init)
        scalars += (0xFDC0...0xFE10).compactMap(Unicode.Scalar.init) + (0xFFF0...0xFFFF).compactMap(Unicode.Scalar.init)
        for plane in 1...16 {
            scalars += [0xFFFD, 0xFFFE, 0xFFFF].compactMap { Unicode.Scalar(UInt32(plane) << 16 | $0) }
        }
        scalars += ["🎉", "🦀", "\u{1F3F3}"]
        for scalar in scalars {
            let text = "a" + String(scalar) + "b"
            #expect(
                TextCleaning.holdsForbidden(text) == TextCleaning.isForbidden(scalar),
                "U+\(String(scalar.value, radix: 16))")
        }
        #expect(TextCleaning.withoutControlCharacters("Café\u{A0}· 🎉") == "Café\u{A0}· 🎉")
    }
}
