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
}
