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
}
