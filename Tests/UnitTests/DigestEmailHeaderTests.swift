import Foundation
import Testing
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
@testable import MeetupAuth
@testable import MeetupConfig
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupHistory
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupSupport

/// Mail headers a mail system reads right: encoded words, quoted display names, kept addresses.
@Suite("Digest email headers")
struct DigestEmailHeaderTests {

    @Test func mailboxesAreEncodedOrQuotedAndTheAddressKept() {
        #expect(DigestEmail.mailbox("news@example.org") == "news@example.org")
        #expect(DigestEmail.mailbox("Ada <ada@example.org>") == "Ada <ada@example.org>")
        #expect(
            DigestEmail.mailbox("Zoë Admin <admin@example.org>") == "=?UTF-8?B?Wm/DqyBBZG1pbg==?= <admin@example.org>")
        #expect(DigestEmail.mailbox("Meetups, Berlin <m@example.org>") == "\"Meetups, Berlin\" <m@example.org>")
        #expect(
            DigestEmail.mailbox("\"Already \\\"quoted\\\"\" <q@example.org>")
                == "\"Already \\\"quoted\\\"\" <q@example.org>")
        #expect(DigestEmail.mailbox("Evil\r\nBcc: x@y <e@example.org>") == "\"Evil Bcc: x@y\" <e@example.org>")
    }
}
