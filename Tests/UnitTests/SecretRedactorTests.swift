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

/// `SecretRedactor`: what it masks in server text before it reaches a log or an error.
@Suite("Secret redaction")
struct SecretRedactorTests {
    @Test func theRedactorMasksKnownSecretsAndAnyBearerCredential() {
        let redactor = SecretRedactor(secrets: ["s3cr3t-token", "ab"])
        #expect(redactor.redact("token s3cr3t-token and s3cr3t-token") == "token [redacted] and [redacted]")
        #expect(redactor.redact("Authorization: bearer eyJhbGciOi.J9x_y-z==") == "Authorization: bearer [redacted]")
        #expect(redactor.redact("about abc") == "about abc", "secrets under 4 characters are not masked")
    }
}
