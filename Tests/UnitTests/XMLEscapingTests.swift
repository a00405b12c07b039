import Foundation
@testable import MeetupRender
import Testing

/// `XMLEscaping`: markup escaped, the characters XML forbids dropped, the rest kept byte for byte.
@Suite("XML escaping")
struct XMLEscapingTests {
    @Test func markupIsEscapedAndForbiddenCharactersDropped() {
        #expect(
            XMLEscaping.escape("Tom & \"Jerry\" <b>'s</b>") == "Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&lt;/b&gt;")
        #expect(XMLEscaping.escape("a\u{01}b\u{FFFE}c\u{FFFF}d\te\nf\r") == "abcd\te\nf\r")
        #expect(XMLEscaping.escape("café ☕ \u{FFFD} \u{FFEF} 😀") == "café ☕ \u{FFFD} \u{FFEF} 😀")
        #expect(XMLEscaping.escape("") == "")
    }
}
